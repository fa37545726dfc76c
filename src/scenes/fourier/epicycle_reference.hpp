// The CPU reference of the epicycle drawing: the same splats as the GPU's good variant (coverage kept as
// the maximum, so the order does not matter). Sequential, or with `parallel` OpenMP over row bands (each
// band draws its rows of every splat), which gives identical pixels. Without a KeptTrail every call redraws
// the whole trail since trailFrom (the simple reference); with one it adds only the segments since its last
// call, as the GPU does (the like-for-like reference bench times).
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

// A trail kept between calls: its pixels and the frame it has been drawn up to.
struct KeptTrail {
    std::vector<std::uint32_t> coverage;
    int width = 0, height = 0;
    long trailFrom = 0;
    long drawnUpTo = -1;  // -1: nothing drawn yet
};

// Brings `kept` to frame `frame`: the segments of frames drawnUpTo+1..frame are added; a new size, a cleared
// trail or a frame before drawnUpTo starts it again from trailFrom.
void extendTrail(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame, int width,
                 int height, bool parallel, KeptTrail& kept);
// The trail after frame `frame` (segments of frames trailFrom+1..frame), one coverage value per pixel.
std::vector<std::uint32_t> referenceTrail(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                                          int width, int height, bool parallel = false);
// The frame: the trail (redrawn whole, or `kept` extended), circles, arms and dots, composed.
void renderEpicyclesReference(const std::vector<EpicycleTerm>& terms, const ReferenceDrawSettings& s, long frame,
                              HostImage& image, bool parallel = false, KeptTrail* kept = nullptr);

}  // namespace racelab::fourier
