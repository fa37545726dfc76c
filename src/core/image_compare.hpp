// Compares two RGBA8 images channel by channel (alpha ignored), the rule CS149's checker applies.
#pragma once
#include <cstdint>
#include <vector>

#include "core/host_image.hpp"

namespace racelab {

struct ImageComparison {
    long differingPixels = 0;
    long differingIgnored = 0;     // differing pixels that `ignore` marks (counted apart, not in differingPixels)
    int maxChannelDifference = 0;  // 0..255
    long totalPixels = 0;
};

// The largest difference of two RGBA8 pixels over R, G and B (alpha ignored), 0..255.
int rgbDifference(const std::uint8_t* a, const std::uint8_t* b);
// Whether two pixels whose largest RGB difference is `rgbDifference` count as different under `tolerance`
// (per channel, on [0,1]). The one test every comparison of racelab applies.
inline bool exceedsTolerance(int rgbDifference, float tolerance) { return rgbDifference / 255.f > tolerance; }

// A pixel differs when any RGB channel differs by more than `tolerance` (on [0,1]). When `diff` is given it
// becomes a visualization: differing pixels pure red (255, 0, 0) on a copy of `expected` dimmed to a third (so
// no dimmed pixel is ever pure red).
// `ignore` (optional, one byte per pixel): pixels whose difference is reported apart.
ImageComparison compareImages(const HostImage& actual, const HostImage& expected, float tolerance,
                              HostImage* diff = nullptr, const std::vector<std::uint8_t>* ignore = nullptr);

}  // namespace racelab
