// PNG and PPM (P6, as CS149 writes) output. Files are written to a temporary name and renamed, so a
// failure never leaves a half-written file behind.
#pragma once
#include <string>

#include "core/host_image.hpp"

namespace racelab {

// Picks the format from the extension (.png or .ppm); anything else is a UsageError.
void writeImage(const HostImage& image, const std::string& path);
void writePng(const HostImage& image, const std::string& path);
void writePpm(const HostImage& image, const std::string& path);
// Reads a PNG or PPM written by us (or any 8-bit image stb_image understands).
HostImage readImage(const std::string& path);
// Throws a UsageError now if `path` cannot be created, before any long work starts.
void requireWritable(const std::string& path);

}  // namespace racelab
