// CPU reference for the planes: generation (every plane's circles, anti-aliased, in order) and
// compositing (first plane to last), each sequential and with OpenMP. Planes are stored back to back,
// W x H straight RGBA8 each, row 0 at the bottom.
#pragma once
#include <cstdint>
#include <vector>

#include "core/host_image.hpp"
#include "scenes/planes/plane_formulas.hpp"

namespace racelab::planes {

void generatePlanesReference(const PlaneSettings& s, int width, int height, std::uint8_t* planes, bool parallel);
void compositeReference(const PlaneSettings& s, const std::uint8_t* planes, long frame, HostImage& out, bool parallel);

}  // namespace racelab::planes
