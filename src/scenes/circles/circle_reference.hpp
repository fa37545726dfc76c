// CPU reference renderers for the circle scenes: the sequential definition and an OpenMP version that
// splits the image into row bands (every band still blends every circle in index order).
#pragma once
#include "core/host_image.hpp"
#include "scenes/circles/circle_set.hpp"

namespace racelab::circles {

// Float accumulation per pixel, quantized once at the end with the same toByte() the GPU uses.
void renderReferenceSequential(const CircleSet& set, HostImage& image);
void renderReferenceParallel(const CircleSet& set, HostImage& image);
// One animation step on the CPU, with the same formulas as the GPU step.
void advanceReference(CircleSet& set);

}  // namespace racelab::circles
