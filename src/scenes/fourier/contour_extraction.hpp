// From an image to contours: grayscale -> Gaussian blur -> Canny -> cv::findContours (OpenCV imgproc).
// (fourier/text draws assets/fourier/racelab.svg instead, see svg_drawing.hpp: no font is involved.)
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "scenes/fourier/contour.hpp"

namespace racelab::fourier {

struct GrayImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> pixels;  // row 0 at the top, as image files store it
};

struct EdgeSettings {
    float sigma = 1.5f;  // Gaussian blur
    float low = 50.f, high = 150.f;  // Canny thresholds
};

inline constexpr int kMaxImageSide = 8192;  // Canny and contours of 64 Mpixel take seconds on the CPU already

// Throws UsageError for a missing or unreadable file, one that is not an image, or one with more than
// kMaxImageSide pixels a side.
GrayImage loadGrayImage(const std::string& path);
// A size x size picture of `count` random disks, rings and boxes (white on black): a benchmark input with
// tens of thousands of contour points, many contours close enough to merge, and no file or font needed.
GrayImage shapesImage(int size, int count, unsigned seed);
std::vector<Contour> extractContours(const GrayImage& image, const EdgeSettings& settings);

}  // namespace racelab::fourier
