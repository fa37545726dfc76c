// The pair buffers' capacity per binning pass (see PairBuffers in circle_gpu_internal.cuh): a pass's pair count
// stays on the device, so the host sizes the buffers from a bound at first and then from the counts finished
// frames read back, without waiting for any frame. The read-backs also say whether two passes pay off
// (render_good.cu decides from them).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>

#include "circles/circle_gpu_internal.cuh"
#include "core/cuda_check.hpp"
#include "core/device_buffer.hpp"
#include "core/fault_injection.hpp"

namespace racelab::circles {

// A new grid or circle set starts from the most pairs its radii can give (pairBound), so its first frame
// cannot overflow; after that each pass's capacity follows the counts finished frames read back
// (absorbReadbacks), so the sort does not run over a bound far above the real count (rand1M: millions against
// a few hundred thousand).
void CircleGpuCuda::Impl::fitPairCapacity(const TileGrid& grid, bool coarse) {
    if (capacityWidth != grid.width || capacityHeight != grid.height || capacityCoarse != coarse) {
        const int side = coarse ? kCoarseTileSize : kTileSize;
        const TileGrid binned = coarse ? gridOfSide<kCoarseTileSize>(grid) : grid;
        const std::size_t bound = pairBound(hostRadius.data(), hostRadius.size(), binned, side);
        constexpr std::size_t kMostPairs = std::size_t{1} << 30;  // 16 GiB of pair buffers; beyond: overflow path
        for (unsigned& c : pairCapacity)
            c = static_cast<unsigned>(std::max<std::size_t>(std::min(bound, kMostPairs), kMinPairCapacity));
        capacityWidth = grid.width;
        capacityHeight = grid.height;
        capacityCoarse = coarse;
        capacityTiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    }
    if (const unsigned forced = faultInjection().circlePairCapacity)
        for (unsigned& c : pairCapacity) c = std::max(forced, 1u);
    const std::size_t most = *std::max_element(std::begin(pairCapacity), std::end(pairCapacity));
    if (most > pairs.keys.size())
        requireDeviceMemory(4 * (most + most / 4) * sizeof(unsigned), "tile pairs (" + std::to_string(most) + " at most)");
    pairs.keys.reserve(most, "tile pairs");
    pairs.values.reserve(most, "tile pairs");
    pairs.keysSorted.reserve(most, "tile pairs");
    pairs.valuesSorted.reserve(most, "tile pairs");
}

// A pass's capacity after a finished frame counted `pairs`: grown past an overflow or when nearly full, shrunk
// when far above the count (not on every small change: a new capacity is a new sort size, and the graph of
// the frame is updated for it). A count that grows by more than a tenth within the frames issued before its
// read-back still overflows once: snow, whose flakes start above the frame, does so near its frame 21, as its
// pairs pass the smallest capacity (the GPU test SnowsTriesOfTwoPassesFitTheirPairBuffers).
static unsigned capacityFor(unsigned current, unsigned pairs) {
    const unsigned wanted = std::max(pairs + pairs / 4, kMinPairCapacity);
    if (pairs > current - current / 10 || wanted < current / 2) return wanted;
    return current;
}

// Takes in what finished frames read back (without waiting: a frame still running is left for later).
void CircleGpuCuda::Impl::absorbReadbacks() {
    for (int k = 1; k <= kReadbackSlots; ++k) {
        const int slot = (nextReadback + k) % kReadbackSlots;  // oldest first
        if (!readbackPending[slot]) continue;
        const cudaError_t state = cudaEventQuery(readbackDone[slot]);
        if (state == cudaErrorNotReady) break;  // in-order stream: the newer ones are not done either
        CUDA_CHECK(state);
        readbackPending[slot] = false;
        const FrameReadback& r = readback[slot];
        const bool secondBinned = r.passes > 1 && r.pairs[1] != kNotBinned;
        if (r.pairs[0] > r.capacity[0] || (secondBinned && r.pairs[1] > r.capacity[1])) ++stats.pairOverflowFrames;
        stats.passes = static_cast<int>(r.passes);
        stats.tilePairs = static_cast<std::int64_t>(r.pairs[0]) + (secondBinned ? r.pairs[1] : 0u);
        if (r.tiles == capacityTiles && (r.coarse != 0) == capacityCoarse) {  // counted as the capacities are for
            if (r.passes == 1) pairCapacity[0] = capacityFor(pairCapacity[0], r.pairs[0]);
            else pairCapacity[1] = capacityFor(pairCapacity[1], r.pairs[0]);
            if (secondBinned) pairCapacity[2] = capacityFor(pairCapacity[2], r.pairs[1]);
        }
        if (r.passes > 1) skipSecondBinning = r.tiles == capacityTiles && r.opaque == r.tiles;
        if (r.passes > 1 && r.opaque < r.tiles / 2) {
            // Frames launched before this read-back may have run two passes too: only the first of them sets
            // the wait, and a failed retry (twoPassesPayOff set again) doubles it.
            if (twoPassesPayOff) {
                framesUntilRetry = retryInterval;
                retryInterval = std::min(2 * retryInterval, kLongestRetryFrames);
            }
            twoPassesPayOff = false;
        } else if (r.passes > 1) {
            retryInterval = kFirstRetryFrames;
        }
    }
}

std::size_t pairBound(const float* radius, std::size_t count, const TileGrid& grid, int side) {
    // A box of P pixels spans at most P / side + 2 tiles wherever it starts; P is at most 2 r extent + 3
    // (pixelBounds truncates both ends, plus a pixel each way for the float rounding of (centre +- r) extent).
    auto span = [side](float r, int extent, int tiles) {
        const double pixels = 2.0 * static_cast<double>(r) * extent + 3.0;
        return std::min<double>(pixels / side + 2.0, tiles);
    };
    double total = 0;
    for (std::size_t i = 0; i < count; ++i)
        total += std::floor(span(radius[i], grid.width, grid.tilesX)) * std::floor(span(radius[i], grid.height, grid.tilesY));
    return static_cast<std::size_t>(std::min(total, 1e18));
}

}  // namespace racelab::circles
