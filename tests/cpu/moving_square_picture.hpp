// The picture the video tests encode: what recordings and streams hold -- a smooth gradient, a sharp-edged
// square that moves three pixels a frame (frame `k`), a thin bright line -- as RGBA, rows in memory order.
#pragma once
#include <cstdint>

#include "core/host_image.hpp"

namespace racelab::testing {

inline HostImage movingSquarePicture(int width, int height, long k) {
    HostImage image(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = image.at(x, y);
            const bool square = x >= 10 + 3 * k && x < 40 + 3 * k && y >= 8 && y < 38;
            const bool line = y == height - 5;
            p[0] = square ? 230 : line ? 250 : static_cast<std::uint8_t>(40 + 150 * x / width);
            p[1] = square ? 40 : line ? 250 : static_cast<std::uint8_t>(60 + 120 * y / height);
            p[2] = square ? 60 : line ? 250 : 140;
            p[3] = 255;
        }
    return image;
}

}  // namespace racelab::testing
