// A picture sent to the page: one binary WebSocket message, a 16-byte header and the encoded bytes.
//   bytes 0-3   what follows, four ASCII letters: "JPEG" (a frame), "PNG " (a screenshot), "H264" (a frame
//               of the video stream, Annex B)
//   bytes 4-7   the frame's number in the loop, little-endian
//   bytes 8-9   width, 10-11 height, little-endian
//   bytes 12-15 flags: bit 0, a key frame (H264)
// The page's reader (web/serve_stream.js) is the other half of this layout.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace racelab::web {

enum class PictureKind { Jpeg, Png, H264 };

struct PictureHeader {
    PictureKind kind = PictureKind::Jpeg;
    std::uint32_t frame = 0;
    std::uint16_t width = 0, height = 0;
    bool keyFrame = false;
};

inline constexpr std::size_t kPictureHeaderBytes = 16;

// The header followed by `payload`, ready to send.
std::string packPicture(const PictureHeader& header, std::string_view payload);
// The header of a message packPicture made (the tests' reader); nullopt for anything else.
std::optional<PictureHeader> readPictureHeader(std::string_view message);

}  // namespace racelab::web
