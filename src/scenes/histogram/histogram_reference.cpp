#include "scenes/histogram/histogram_reference.hpp"

#include <algorithm>
#include <cstring>

#include "core/errors.hpp"
#include "core/image_io.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace racelab::histogram {

std::vector<std::uint32_t> generateInputs(Distribution distribution, std::uint32_t seed, int count, int bins,
                                          bool parallel) {
    std::vector<std::uint32_t> inputs(static_cast<std::size_t>(count));
    const unsigned b = static_cast<unsigned>(bins);
#pragma omp parallel for schedule(static) if (parallel)
    for (int i = 0; i < count; ++i) inputs[static_cast<std::size_t>(i)] = generatedBin(distribution, seed, static_cast<std::uint32_t>(i), b);
    return inputs;
}

std::vector<std::uint32_t> imageInputs(const std::string& path, int bins) {
    const HostImage image = readImage(path);
    if (image.width <= 0 || image.height <= 0) throw UsageError("image '" + path + "' has no pixels");
    std::vector<std::uint32_t> inputs(static_cast<std::size_t>(image.width) * image.height);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::uint8_t* p = &image.pixels[4 * i];
        const unsigned luminance = (299u * p[0] + 587u * p[1] + 114u * p[2]) / 1000u;  // 0..255
        inputs[i] = binOfLuminance(luminance, static_cast<unsigned>(bins));
    }
    return inputs;
}

std::vector<std::uint32_t> countReference(const std::vector<std::uint32_t>& inputs, int bins, bool parallel) {
    const std::size_t nb = static_cast<std::size_t>(bins);
    std::vector<std::uint32_t> total(nb, 0);
    const long n = static_cast<long>(inputs.size());
#pragma omp parallel if (parallel)
    {
        std::vector<std::uint32_t> mine(nb, 0);  // this thread's private bins
#pragma omp for schedule(static) nowait
        for (long i = 0; i < n; ++i) ++mine[inputs[static_cast<std::size_t>(i)]];
#pragma omp critical
        for (std::size_t b = 0; b < nb; ++b) total[b] += mine[b];
    }
    return total;
}

long long largestCount(const std::vector<std::uint32_t>& bins) {
    return bins.empty() ? 0 : static_cast<long long>(*std::max_element(bins.begin(), bins.end()));
}

void drawChart(const std::vector<std::uint32_t>& gpuBins, const std::vector<std::uint32_t>& referenceBins,
               HostImage& image, bool parallel) {
    const ChartLayout c = chartLayout(image.width, image.height, static_cast<int>(referenceBins.size()),
                                      largestCount(referenceBins));
#pragma omp parallel for schedule(static) if (parallel)
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            const std::size_t bin = static_cast<std::size_t>(binOfColumn(c, x));
            const std::uint32_t pixel = chartPixel(c, x, y, gpuBins[bin], referenceBins[bin]);
            std::memcpy(image.at(x, y), &pixel, 4);  // byte 0 = red, as the GPU stores it
        }
}

}  // namespace racelab::histogram
