// The histogram workload's formulas, compiled by nvcc (kernels/histogram/) and the host compiler (the CPU
// reference): the counter-based hash that defines every input, the two generated distributions, the bin of
// an image pixel, and the colour of every pixel of the bar chart. Integer arithmetic only, so the GPU and the
// CPU produce the same inputs and the same pixels bit for bit with no rounding rules to respect.
#pragma once
#include <cstdint>

#include "core/device_math.hpp"  // RACELAB_HD

namespace racelab::histogram {

constexpr int kMinBins = 2;
constexpr int kMaxBins = 4096;              // the good kernel's private bins fit in 16 KB of shared memory
constexpr int kDefaultInputs = 1 << 22;     // 4,194,304
constexpr int kMaxInputs = 1 << 28;         // 1 GiB of inputs on each side
constexpr unsigned kValueRange = 1u << 16;  // generated values are 0..65535 before they are binned

enum class Distribution : int { MultiPeak = 0, Skewed = 1 };

// 32-bit integer hash with good avalanche: every input is hash(seed, index), so any input can be made
// alone, in any order, by any thread.
RACELAB_HD std::uint32_t mix32(std::uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

// Two independent hashes of one input (`stream` 0 and 1): the first picks the peak, the second the offset.
RACELAB_HD std::uint32_t inputHash(std::uint32_t seed, std::uint32_t index, std::uint32_t stream) {
    return mix32(index * 0x9e3779b9u ^ mix32(seed * 2u + stream + 0x632be5abu));
}

// A value 0..65535 from a mixture of four peaks. The peak is chosen by 3 bits of the first hash (weights
// 3/8, 2/8, 2/8, 1/8); the offset from its centre is the sum of the four bytes of the second hash minus
// their mean (0..1020, roughly bell-shaped by the central limit theorem), times the peak's width.
RACELAB_HD unsigned multiPeakValue(std::uint32_t seed, std::uint32_t index) {
    const std::uint32_t pick = inputHash(seed, index, 0) & 7u;
    const std::uint32_t spread = inputHash(seed, index, 1);
    const int bytes = static_cast<int>((spread & 255u) + ((spread >> 8) & 255u) + ((spread >> 16) & 255u) + (spread >> 24));
    const int offset = bytes - 510;  // -510..510
    int centre, width;
    if (pick < 3) centre = 13000, width = 14;       // broad
    else if (pick < 5) centre = 29000, width = 8;   // narrower
    else if (pick < 7) centre = 44000, width = 10;
    else centre = 57000, width = 4;                 // small and sharp
    int value = centre + offset * width;
    value = value < 0 ? 0 : value > 65535 ? 65535 : value;
    return static_cast<unsigned>(value);
}

// The bin of a value 0..kValueRange-1 among `bins` equal ranges.
RACELAB_HD unsigned binOfValue(unsigned value, unsigned bins) { return (value * bins) >> 16; }

// One of the four hot bins of the skewed distribution: at 1/8, 3/8, 5/8 and 7/8 of the range.
RACELAB_HD unsigned hotBin(unsigned k, unsigned bins) { return ((2u * k + 1u) * bins) / 8u; }

// The bin of input `index`. Skewed: 922 of every 1024 inputs (90 %) fall into the four hot bins, the rest
// follow the multi-peak mixture; every input of a hot bin hits the same counter, the worst case for atomics.
RACELAB_HD unsigned generatedBin(Distribution d, std::uint32_t seed, std::uint32_t index, unsigned bins) {
    if (d == Distribution::Skewed) {
        const std::uint32_t h = inputHash(seed, index, 0);
        if (((h >> 8) & 1023u) < 922u) return hotBin((h >> 20) & 3u, bins);
    }
    return binOfValue(multiPeakValue(seed, index), bins);
}

// The bin of an image pixel's luminance 0..255 (the --image preset).
RACELAB_HD unsigned binOfLuminance(unsigned luminance, unsigned bins) { return (luminance * bins) / 256u; }

// ---- The bar chart ------------------------------------------------------------------------------------------
// Bin b owns the columns [slotStart(b), slotStart(b+1)) of the frame. Its left half shows the GPU's count,
// its right half the CPU reference's; a slot of 4 columns or more leaves its last column dark as a gap. With
// more bins than columns a column shows the first bin that starts in it. Row 0 is the bottom row.

struct ChartLayout {
    int width, height;
    int bins;
    int base;          // first row of the bars
    int usableHeight;  // rows a bar of the largest reference count fills
    long long maxReferenceCount;
};

RACELAB_HD ChartLayout chartLayout(int width, int height, int bins, long long maxReferenceCount) {
    ChartLayout c;
    c.width = width, c.height = height, c.bins = bins;
    c.base = height / 32;
    c.usableHeight = height - 2 * c.base;
    c.maxReferenceCount = maxReferenceCount > 0 ? maxReferenceCount : 1;
    return c;
}

// The first column of bin b's slot: ceil(b * width / bins).
RACELAB_HD int slotStart(const ChartLayout& c, long long b) {
    return static_cast<int>((b * c.width + c.bins - 1) / c.bins);
}

// The bin whose slot holds column x.
RACELAB_HD int binOfColumn(const ChartLayout& c, int x) {
    return static_cast<int>((static_cast<long long>(x) * c.bins) / c.width);
}

// Rows a count fills: count * usableHeight / maxReferenceCount in 64-bit integers, so both sides agree
// exactly; a racy count can only be lower than the reference, but is clamped to the frame anyway.
RACELAB_HD int barHeight(const ChartLayout& c, long long count) {
    long long rows = count * c.usableHeight / c.maxReferenceCount;
    const long long room = c.height - c.base;
    return static_cast<int>(rows < 0 ? 0 : rows > room ? room : rows);
}

// Whether column x shows the GPU count (left half of its slot, the whole slot when it is one column wide),
// the reference count, or nothing (the gap at the end of a wide slot).
enum class ColumnRole : int { Gpu, Reference, Gap };

RACELAB_HD ColumnRole columnRole(const ChartLayout& c, int x, int bin) {
    const int start = slotStart(c, bin), end = slotStart(c, bin + 1);
    const int slot = end - start, at = x - start;
    if (slot >= 4 && at == slot - 1) return ColumnRole::Gap;
    const int used = slot >= 4 ? slot - 1 : slot;
    return at < (used + 1) / 2 ? ColumnRole::Gpu : ColumnRole::Reference;
}

// RGBA8 packed little-endian (byte 0 = red), alpha 255.
RACELAB_HD std::uint32_t rgba(unsigned r, unsigned g, unsigned b) { return r | (g << 8) | (b << 16) | 0xff000000u; }

// The colour of pixel (x, y) given the counts of the bin under it (the GPU's and the reference's).
RACELAB_HD std::uint32_t chartPixel(const ChartLayout& c, int x, int y, long long gpuCount, long long referenceCount) {
    const int bin = binOfColumn(c, x);
    const ColumnRole role = columnRole(c, x, bin);
    if (role != ColumnRole::Gap && y >= c.base) {
        const bool gpu = role == ColumnRole::Gpu;
        if (y - c.base < barHeight(c, gpu ? gpuCount : referenceCount))
            return gpu ? rgba(240, 150, 40) : rgba(60, 170, 210);  // GPU orange, reference blue
    }
    // Faint grid lines at 0, 1/4, 2/4, 3/4 and 4/4 of the largest reference count.
    const int above = y - c.base;
    if (c.usableHeight >= 8)
        for (int k = 0; k <= 4; ++k)
            if (above == k * c.usableHeight / 4) return rgba(48, 52, 62);
    return rgba(18, 20, 26);
}

}  // namespace racelab::histogram
