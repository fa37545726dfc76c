// RGBA frames (bottom row first, as GL and racelab's HostImage hold them) to JPEG in memory, with Debian's
// libjpeg-turbo: the picture every browser decodes, so the page works without WebCodecs.
#pragma once
#include <cstdint>
#include <string>

namespace racelab::web {

// Quality 1..100 (libjpeg's scale). 4:2:0 chroma, as a video would be. Throws racelab::Error when libjpeg fails.
std::string encodeJpeg(const std::uint8_t* rgbaBottomUp, int width, int height, int quality);

}  // namespace racelab::web
