#include "web/client_message.hpp"

#include <cmath>
#include <cstdio>
#include <initializer_list>

#include <nlohmann/json.hpp>

namespace racelab::web {
namespace {

using Json = nlohmann::json;

struct Refusal {
    std::string why;
};

constexpr ClientRequest kRequests[] = {
    ClientRequest::Scene,   ClientRequest::Variant, ClientRequest::View,      ClientRequest::Wipe,
    ClientRequest::HeatFrames, ClientRequest::Parameter, ClientRequest::Pause, ClientRequest::Play,
    ClientRequest::Step,    ClientRequest::Restart, ClientRequest::RaceMeter, ClientRequest::Size,
    ClientRequest::Key,     ClientRequest::Pointer, ClientRequest::Screenshot, ClientRequest::Stream,
    ClientRequest::KeyFrame, ClientRequest::Check, ClientRequest::FindRace, ClientRequest::Inspect,
    ClientRequest::ClearRace};

// Every field but "type" must be one of `allowed`: an unexpected field is a client we do not know.
void onlyFields(const Json& message, std::initializer_list<const char*> allowed) {
    for (const auto& item : message.items()) {
        if (item.key() == "type") continue;
        bool known = false;
        for (const char* name : allowed) known |= item.key() == name;
        if (!known) throw Refusal{"unexpected field '" + item.key().substr(0, 32) + "'"};
    }
}

const Json& field(const Json& message, const char* name) {
    const auto found = message.find(name);
    if (found == message.end()) throw Refusal{std::string("missing field '") + name + "'"};
    return *found;
}

bool printable(const std::string& text) {
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7f) return false;
    return true;
}

std::string text(const Json& message, const char* name) {
    const Json& value = field(message, name);
    if (!value.is_string()) throw Refusal{std::string("'") + name + "' must be a string"};
    const std::string& s = value.get_ref<const std::string&>();
    if (s.empty() || s.size() > kMaxClientString || !printable(s))
        throw Refusal{std::string("'") + name + "' must be 1 to 128 printable characters"};
    return s;
}

double number(const Json& message, const char* name, double low, double high, bool integer) {
    const Json& value = field(message, name);
    if (!value.is_number()) throw Refusal{std::string("'") + name + "' must be a number"};
    const double n = value.get<double>();
    if (!std::isfinite(n) || n < low || n > high || (integer && n != std::floor(n)))
        throw Refusal{std::string("'") + name + "' is out of range"};
    return n;
}

// A parameter's value as --param would spell it: text as is, a bool as true/false, a number exactly.
std::string parameterValue(const Json& message) {
    const Json& value = field(message, "value");
    if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
    if (value.is_number()) {
        const double n = number(message, "value", -1e12, 1e12, false);
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.17g", n);
        return buffer;
    }
    return text(message, "value");
}

ClientMessage read(const Json& message) {
    if (!message.is_object()) throw Refusal{"a message is a JSON object"};
    const std::string type = text(message, "type");
    ClientMessage m;
    bool known = false;
    for (ClientRequest r : kRequests)
        if (type == clientRequestName(r)) m.request = r, known = true;
    if (!known) throw Refusal{"unknown type '" + type + "'"};
    switch (m.request) {
        case ClientRequest::Scene:
        case ClientRequest::View:
        case ClientRequest::Key:
            onlyFields(message, {"name"});
            m.name = text(message, "name");
            break;
        case ClientRequest::Variant:
            onlyFields(message, {"index"});
            m.number = number(message, "index", 0, 63, true);
            break;
        case ClientRequest::Wipe:
            onlyFields(message, {"at"});
            m.number = number(message, "at", 0, 1, false);
            break;
        case ClientRequest::HeatFrames:
            onlyFields(message, {"frames"});
            m.number = number(message, "frames", 1, 1000, true);
            break;
        case ClientRequest::Parameter:
            onlyFields(message, {"name", "value"});
            m.name = text(message, "name");
            m.value = parameterValue(message);
            break;
        case ClientRequest::RaceMeter: {
            onlyFields(message, {"on"});
            const Json& on = field(message, "on");
            if (!on.is_boolean()) throw Refusal{"'on' must be true or false"};
            m.number = on.get<bool>() ? 1 : 0;
            break;
        }
        case ClientRequest::Size:
            onlyFields(message, {"width", "height"});
            m.width = static_cast<int>(number(message, "width", 16, 8192, true));
            m.height = static_cast<int>(number(message, "height", 16, 8192, true));
            break;
        case ClientRequest::Inspect:
            onlyFields(message, {"x", "y"});
            m.width = static_cast<int>(number(message, "x", 0, 8191, true));
            m.height = static_cast<int>(number(message, "y", 0, 8191, true));
            break;
        case ClientRequest::Pointer:
            onlyFields(message, {"dx", "dy", "wheel"});
            m.dx = number(message, "dx", -10000, 10000, false);
            m.dy = number(message, "dy", -10000, 10000, false);
            m.wheel = number(message, "wheel", -100, 100, false);
            break;
        case ClientRequest::Stream:
            onlyFields(message, {"name"});
            m.name = text(message, "name");
            if (m.name != "h264" && m.name != "jpeg") throw Refusal{"'name' of a stream is h264 or jpeg"};
            break;
        case ClientRequest::Pause:
        case ClientRequest::Play:
        case ClientRequest::Step:
        case ClientRequest::Restart:
        case ClientRequest::Screenshot:
        case ClientRequest::KeyFrame:
        case ClientRequest::Check:
        case ClientRequest::FindRace:
        case ClientRequest::ClearRace:
            onlyFields(message, {});
            break;
    }
    return m;
}

}  // namespace

const char* clientRequestName(ClientRequest request) {
    switch (request) {
        case ClientRequest::Scene: return "scene";
        case ClientRequest::Variant: return "variant";
        case ClientRequest::View: return "view";
        case ClientRequest::Wipe: return "wipe";
        case ClientRequest::HeatFrames: return "heat";
        case ClientRequest::Parameter: return "param";
        case ClientRequest::Pause: return "pause";
        case ClientRequest::Play: return "play";
        case ClientRequest::Step: return "step";
        case ClientRequest::Restart: return "restart";
        case ClientRequest::RaceMeter: return "meter";
        case ClientRequest::Size: return "size";
        case ClientRequest::Key: return "key";
        case ClientRequest::Pointer: return "pointer";
        case ClientRequest::Screenshot: return "screenshot";
        case ClientRequest::Stream: return "stream";
        case ClientRequest::KeyFrame: return "keyframe";
        case ClientRequest::Check: return "check";
        case ClientRequest::FindRace: return "find";
        case ClientRequest::Inspect: return "inspect";
        case ClientRequest::ClearRace: return "clear";
    }
    return "?";
}

std::variant<ClientMessage, std::string> parseClientMessage(std::string_view text) {
    if (text.size() > kMaxClientMessageBytes) return std::string("message larger than 4096 bytes");
    // No exceptions from the parser (allow_exceptions = false): a syntax error is a discarded value.
    const Json message = Json::parse(text.begin(), text.end(), nullptr, false);
    if (message.is_discarded()) return std::string("not JSON");
    try {
        return read(message);
    } catch (const Refusal& refusal) {
        return refusal.why;
    }
}

}  // namespace racelab::web
