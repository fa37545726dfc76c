// What the page may ask of `racelab serve`: one JSON object a WebSocket text message, {"type": ..., fields},
// at most kMaxClientMessageBytes. parseClientMessage checks the form -- the type is known, every field is
// expected, of its type and within its bounds, strings are short and printable -- and nothing else: whether a
// scene or parameter of that name exists is the serving loop's to say (app/serve). A message that fails here
// closes its client, and only that one.
#pragma once
#include <string>
#include <string_view>
#include <variant>

namespace racelab::web {

inline constexpr std::size_t kMaxClientMessageBytes = 4096;
inline constexpr std::size_t kMaxClientString = 128;

enum class ClientRequest {
    Scene,       // name: the scene to show
    Variant,     // number: the variant's index (0..63)
    View,        // name: plain | side | wipe | diff | heat (checked by the loop)
    Wipe,        // number: the divider, 0..1 of the width
    HeatFrames,  // number: the heat view's window, 1..1000 (the loop holds it to its own limit)
    Parameter,   // name, value: the scene's parameter NAME=VALUE (a bool or number is given as text)
    Pause,
    Play,
    Step,        // one step while paused
    Restart,     // the scene back to its first frame
    RaceMeter,   // number: 1 on, 0 off
    Size,        // width, height: the picture's size in pixels, 16..8192 each (the loop holds it to its limit)
    Key,         // name: a viewer key, "G", "B", "1".."9", "V", "R", "space" (checked by the loop)
    Pointer,     // dx, dy (pixels, -10000..10000), wheel (notches, -100..100): orbit and zoom
    Screenshot,  // the current frame as a PNG, sent back to this client only
    Stream,      // name: "h264" | "jpeg", the frames this client decodes (the server's own; JPEG until said)
    KeyFrame,    // this client lost its place in the H.264 stream: frames resume at the next key frame
    Check,       // check the user's kernel on the frame shown (as check does), the report into the state
    FindRace,    // find the race in the user's kernel on the frame shown: lines, racing pixels
    Inspect,     // width, height as x, y: the pixel of the findings' frame whose accesses to list (0..8191)
    ClearRace,   // forget the findings, the racing pixels and the inspector
};

struct ClientMessage {
    ClientRequest request = ClientRequest::Pause;
    std::string name;
    std::string value;
    double number = 0;
    int width = 0, height = 0;
    double dx = 0, dy = 0, wheel = 0;
};

// The message, or why it is refused (one line, for the server's log; the client is closed either way).
std::variant<ClientMessage, std::string> parseClientMessage(std::string_view text);

// "scene", "variant", ...: the names parseClientMessage accepts as "type".
const char* clientRequestName(ClientRequest request);

}  // namespace racelab::web
