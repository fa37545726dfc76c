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

// A pixel differs when any RGB channel differs by more than `tolerance` (on [0,1]). When `diff` is given it
// becomes a visualization: differing pixels red on a dimmed copy of `expected`.
// `ignore` (optional, one byte per pixel): pixels whose difference is reported apart.
ImageComparison compareImages(const HostImage& actual, const HostImage& expected, float tolerance,
                              HostImage* diff = nullptr, const std::vector<std::uint8_t>* ignore = nullptr);

}  // namespace racelab
