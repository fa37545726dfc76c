// A picture sent to the page: one binary WebSocket message, a 24-byte header and the encoded bytes.
//   bytes 0-3   what follows, four ASCII letters: "JPEG" (a frame), "PNG " (a screenshot), "H264" (a frame
//               of the video stream, Annex B), "MASK" (the racing pixels of find the race: a PNG, transparent
//               where no pixel raced; no bytes at all when the findings were cleared)
//   bytes 4-7   the frame's number in the loop, little-endian
//   bytes 8-9   width, 10-11 height, little-endian
//   bytes 12-15 flags: bit 0, a key frame (H264)
//   bytes 16-23 when the loop finished drawing the frame: microseconds of the server's steady clock
//               (CLOCK_MONOTONIC, shared by every process of the machine), little-endian; 0 where unknown.
//               A client on the same machine measures the frame's latency with it (tests/tools/serve_client)
// The page's reader (web/serve_stream.js) is the other half of this layout.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace racelab::web {

enum class PictureKind { Jpeg, Png, H264, Mask };

struct PictureHeader {
    PictureKind kind = PictureKind::Jpeg;
    std::uint32_t frame = 0;
    std::uint16_t width = 0, height = 0;
    bool keyFrame = false;
    std::uint64_t renderedUs = 0;
};

inline constexpr std::size_t kPictureHeaderBytes = 24;

// Now on the steady clock the header's renderedUs counts in.
std::uint64_t steadyMicroseconds();

// The header followed by `payload`, ready to send.
std::string packPicture(const PictureHeader& header, std::string_view payload);
// The header of a message packPicture made (the tests' reader); nullopt for anything else.
std::optional<PictureHeader> readPictureHeader(std::string_view message);

}  // namespace racelab::web
