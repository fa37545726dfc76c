// PNG and PPM (P6, as CS149 writes) output. Files are written to a temporary name and renamed, so a
// failure never leaves a half-written file behind.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/host_image.hpp"

namespace racelab {

// Picks the format from the extension (.png or .ppm); anything else is a UsageError.
void writeImage(const HostImage& image, const std::string& path);
void writePng(const HostImage& image, const std::string& path);
void writePpm(const HostImage& image, const std::string& path);
// The PNG file's bytes in memory (rows top-down, as writePng), e.g. to embed in a page or a JSON record.
std::vector<std::uint8_t> encodePng(const HostImage& image);
// Decodes an 8-bit image from memory (PNG or anything stb_image reads); `what` names it in the UsageError
// thrown for bytes that are not an image or one larger than kMaxDimension.
HostImage decodeImage(const std::vector<std::uint8_t>& bytes, const std::string& what);
// Reads a PNG or PPM written by us (or any 8-bit image stb_image understands).
HostImage readImage(const std::string& path);
// Throws a UsageError now if `path` cannot be created, before any long work starts.
void requireWritable(const std::string& path);

}  // namespace racelab
