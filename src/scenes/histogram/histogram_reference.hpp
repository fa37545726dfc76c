// The histogram's CPU side: the same inputs the GPU makes, the --image preset's inputs, the reference bins
// (OpenMP, one private set of bins per thread, merged at the end) and the bar chart drawn from counts.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/host_image.hpp"
#include "scenes/histogram/histogram_formulas.hpp"

namespace racelab::histogram {

// Input i = generatedBin(distribution, seed, i, bins) for i < count.
std::vector<std::uint32_t> generateInputs(Distribution distribution, std::uint32_t seed, int count, int bins,
                                          bool parallel = true);
// One input per pixel of `path` (read with core/image_io.hpp): its luminance (Rec. 601 weights, integer)
// mapped to binOfLuminance. Throws UsageError when the file cannot be read.
std::vector<std::uint32_t> imageInputs(const std::string& path, int bins);
// The exact histogram: every input counted once. Each OpenMP thread counts into its own bins, which are
// added up afterwards, so no two threads ever write the same counter.
std::vector<std::uint32_t> countReference(const std::vector<std::uint32_t>& inputs, int bins, bool parallel = true);
// The largest count (the height the bars are scaled to).
long long largestCount(const std::vector<std::uint32_t>& bins);
// The bar chart with `gpuBins` in the left halves and `referenceBins` in the right (chartPixel for every
// pixel); the scene's renderReference passes the reference for both.
void drawChart(const std::vector<std::uint32_t>& gpuBins, const std::vector<std::uint32_t>& referenceBins,
               HostImage& image, bool parallel = true);

}  // namespace racelab::histogram
