// The CPU reference of the epicycle drawing: the same splats as the GPU's good variant (coverage kept as
// the maximum, so the order does not matter). Sequential, or with `parallel` OpenMP over row bands (each
// band draws its rows of every splat), which gives identical pixels. Unlike the GPU, which adds each
// frame's trail segment to a kept trail, every call redraws the whole trail since trailFrom.
#pragma once
#include <cstdint>
#include <vector>

#include "core/host_image.hpp"
#include "scenes/fourier/epicycle_formulas.hpp"

namespace racelab::fourier {

struct ReferenceDrawSettings {
    FrameMapping mapping;
    float periodFrames;
    bool showCircles, showArms;
    long trailFrom = 0;                         // the trail was cleared at this frame
    const std::vector<Vec2>* source = nullptr;  // the preprocessed contour points, drawn as dots when set
};

// The trail after frame `frame` (segments of frames trailFrom+1..frame), one coverage value per pixel.
std::vector<std::uint32_t> referenceTrail(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                                          int width, int height, bool parallel = false);
void renderEpicyclesReference(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                              HostImage& image, bool parallel = false);

}  // namespace racelab::fourier
