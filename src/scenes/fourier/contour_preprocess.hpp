// The contour preprocessing, in the course project's order, as the CPU reference:
//   1. drop the points under the user's brush strokes
//   2. drop contours with fewer than minSize points
//   3. drop points closer than duplicateDistance to the previous kept point of their contour
//   4. merge contours whose closest points are nearer than mergeDistance
//   5. put the biggest contour first, then order the rest greedily: each next contour is the one nearest
//      the current end, entered at its point nearest that end
// and flattening into one path for the Fourier transform (the pen-up jumps between contours stay).
#pragma once
#include <complex>
#include <vector>

#include "scenes/fourier/contour.hpp"

namespace racelab::fourier {

struct PreprocessSettings {
    int minSize = 20;
    float duplicateDistance = 1.5f;  // pixels
    float mergeDistance = 4.f;       // pixels
};

std::vector<Contour> removeBrushed(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes);
std::vector<Contour> dropSmall(const std::vector<Contour>& contours, int minSize);
std::vector<Contour> removeDuplicates(const std::vector<Contour>& contours, float distance);
std::vector<Contour> mergeClose(const std::vector<Contour>& contours, float distance);
std::vector<Contour> orderGreedy(const std::vector<Contour>& contours);
std::vector<Contour> preprocess(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes,
                                const PreprocessSettings& settings);
// The ordered contours as one closed path of complex numbers (x + i*y).
std::vector<std::complex<float>> flatten(const std::vector<Contour>& ordered);

}  // namespace racelab::fourier
