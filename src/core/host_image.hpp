// An RGBA8 image in host memory. Row 0 is the bottom row, as in GL and in CS149's renderer;
// the file writers flip it so files read top-down.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace racelab {

struct HostImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;  // width * height * 4, tightly packed

    HostImage() = default;
    HostImage(int w, int h) : width(w), height(h), pixels(static_cast<std::size_t>(w) * h * 4, 0) {}

    std::uint8_t* at(int x, int y) { return &pixels[(static_cast<std::size_t>(y) * width + x) * 4]; }
    const std::uint8_t* at(int x, int y) const { return &pixels[(static_cast<std::size_t>(y) * width + x) * 4]; }
    std::size_t byteSize() const { return pixels.size(); }
};

}  // namespace racelab
