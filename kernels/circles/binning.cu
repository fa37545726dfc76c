// Binning for the tile renderer (see circle_gpu_internal.cuh for the whole pipeline): which circles each
// 16x16 tile must blend, and in what order.
//
// good: count the tiles each circle covers -> exclusive scan -> emit (tile, circle) pairs in circle order ->
//       CUB radix sort on the tile bits only (LSD radix sort is stable, so each tile keeps circle order) over
//       the pass's capacity (sentinel keys past the count end up last) -> per-tile ranges -> renderTiles
//       (render_tiles.cu). The pair count is read on the device by the ranges and the renderer; the host learns
//       it (and the opaque-tile count) from a finished frame's read-back, never by waiting.
//       Large scenes run this twice: first for the nearest circles only, then for all the others while
//       skipping the tiles the first pass already made opaque (occlusion culling). In dense scenes such as
//       rand1M almost every tile is opaque after the first pass, so most circles are never binned.
// unordered: tiles are filled with atomicAdd cursors, so the order inside a tile is whatever order the
//       atomics happened in.
#include <algorithm>
#include <iterator>
#include <cmath>
#include <string>
#include <type_traits>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "circles/tile_cover.cuh"
#include "core/device_buffer.hpp"
#include "core/fault_injection.hpp"
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

int bitsFor(unsigned value) {
    int bits = 1;
    while ((1u << bits) < value) ++bits;
    return bits;
}

// Binning shares each circle among a group of kLanes threads, so big circles (hundreds of tiles) do not
// serialize on one thread. Order inside a circle's pairs does not matter: only the order of circles within
// a tile does, and the stable sort keeps that. The group size follows the scene's mean circle size (see
// lanesFor): one lane for circles of a tile or two (micro2M), up to a warp for circles spanning hundreds.

// Circles [begin, end) of the scene; tiles flagged in tileDone (when given) are skipped.
// With culling, `opaqueTiles` (when given) counts the tiles the first pass made opaque: when that is every
// tile, the circles are not looked at (decided on the device rather than by the host). Once a finished frame
// showed every tile opaque, the second pass is not binned at all (renderGood, skipSecondBinning).
template <int kLanes, int kSide>
__global__ void countCoveredTiles(DeviceCircles c, int begin, int end, TileGrid grid, const std::uint8_t* tileDone,
                                  const unsigned* opaqueTiles, unsigned* counts) {
    const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = begin + static_cast<int>(thread / kLanes), lane = static_cast<int>(thread % kLanes);
    unsigned n = 0;
    const bool allOpaque = opaqueTiles && *opaqueTiles == static_cast<unsigned>(grid.tilesX * grid.tilesY);
    if (i < end && !allOpaque)
        forEachCoveredTile<kSide>(grid, c.position[3 * i], c.position[3 * i + 1], c.radius[i], lane, kLanes, tileDone,
                                  [&](int) { ++n; });
    for (int offset = kLanes / 2; offset > 0; offset /= 2) n += __shfl_xor_sync(0xffffffffu, n, offset, kLanes);
    if (i < end && lane == 0) counts[i - begin] = n;
}

// Pairs past `capacity` are not written (the count still says how many there were: the renderer then walks
// the circles itself, see TileLists). A circle without pairs (every tile it reaches already opaque) returns
// before looking at its tiles.
template <int kLanes, int kSide>
__global__ void emitTilePairs(DeviceCircles c, int begin, int end, TileGrid grid, const std::uint8_t* tileDone,
                              const unsigned* offsets, unsigned capacity, unsigned* keys, unsigned* values) {
    const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = begin + static_cast<int>(thread / kLanes), lane = static_cast<int>(thread % kLanes);
    unsigned first = 0, last = 0;
    if (i < end) first = offsets[i - begin], last = offsets[i - begin + 1];
    const bool writes = last > first && last <= capacity;  // the same for every lane of the circle
    float px = 0.f, py = 0.f, r = 0.f;
    if (writes) px = c.position[3 * i], py = c.position[3 * i + 1], r = c.radius[i];
    // Exclusive prefix of the lanes' counts inside the group (a lone lane starts at the circle's offset).
    unsigned before = 0;
    if constexpr (kLanes > 1) {
        unsigned mine = 0;
        if (writes) forEachCoveredTile<kSide>(grid, px, py, r, lane, kLanes, tileDone, [&](int) { ++mine; });
        before = mine;
        for (int offset = 1; offset < kLanes; offset *= 2) {
            unsigned other = __shfl_up_sync(0xffffffffu, before, offset, kLanes);
            if (lane >= offset) before += other;
        }
        before -= mine;
    }
    if (!writes) return;
    unsigned slot = first + before;
    forEachCoveredTile<kSide>(grid, px, py, r, lane, kLanes, tileDone, [&](int tile) {
        keys[slot] = static_cast<unsigned>(tile);
        values[slot] = static_cast<unsigned>(i);
        ++slot;
    });
}

// Every slot the sentinel key (the last tile's id) and circle 0, so the sort reads no uninitialised value. The
// slots past the count are all after the real pairs, and the sort is stable: they end up after every real pair,
// the last tile's included, and tile ranges stop at the count. A sentinel inside the tile ids keeps the sort's
// key width at the tiles' own (8 bits, one pass, for the 256 coarse tiles of a 1024x1024 frame), where a
// sentinel above them would need one bit more. A kernel rather than two memsets: when the capacity changes, a
// frame graph updates a kernel's grid in place, where a memset node of another size cannot be updated.
__global__ void clearPairSlots(unsigned capacity, unsigned sentinel, unsigned* keys, unsigned* values) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= capacity) return;
    keys[i] = sentinel;
    values[i] = 0u;
}

__global__ void findTileRanges(const unsigned* sortedKeys, const unsigned* pairCount, unsigned capacity,
                               unsigned* tileStart, unsigned* tileEnd) {
    // Overflowed: slots of circles whose pairs did not fit still hold the sentinel key among the real ones,
    // and the renderer walks every circle anyway (TileLists).
    if (*pairCount > capacity) return;
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned pairs = *pairCount;
    if (i >= pairs) return;
    unsigned key = sortedKeys[i];
    if (i == 0 || sortedKeys[i - 1] != key) tileStart[key] = i;
    if (i + 1 == pairs || sortedKeys[i + 1] != key) tileEnd[key] = i + 1;
}

__global__ void countTilesAtomically(DeviceCircles c, TileGrid grid, unsigned* tileCounts) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= c.count) return;
    forEachCoveredTile(grid, c.position[3 * i], c.position[3 * i + 1], c.radius[i], 0, 1, nullptr,
                       [&](int tile) { atomicAdd(&tileCounts[tile], 1u); });
}

__global__ void fillTilesAtomically(DeviceCircles c, TileGrid grid, unsigned* cursor, unsigned* list) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= c.count) return;
    forEachCoveredTile(grid, c.position[3 * i], c.position[3 * i + 1], c.radius[i], 0, 1, nullptr,
                       [&](int tile) { list[atomicAdd(&cursor[tile], 1u)] = static_cast<unsigned>(i); });
}

}  // namespace

// Exclusive scan of counts[0..n) into offsets[0..n]: offsets[n] is the total, left on the device.
void CircleGpuCuda::Impl::scanCounts(std::size_t n, cudaStream_t stream) {
    namedGpuStep("circles: scan tile counts (CUB)", stream, [&] {
        runCubCall(cubTemp, "CUB scan temporaries", [&](void* temp, std::size_t& bytes) {
            return cub::DeviceScan::ExclusiveSum(temp, bytes, counts.data(), offsets.data(), static_cast<int>(n + 1), stream);
        });
    });
}

// The same, with the total read back: the unordered variant sizes its lists with it (a host wait per frame).
unsigned CircleGpuCuda::Impl::scanCountsToHost(std::size_t n, cudaStream_t stream) {
    scanCounts(n, stream);
    CUDA_CHECK(cudaMemcpyAsync(pinnedTotal, offsets.data() + n, sizeof(unsigned), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);
    return *pinnedTotal;
}

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

// Bins circles [begin, end) (skipping tiles flagged in tileDone when culling) and renders them. `slot` (when
// given) receives the pass's pair count on the stream.
template <bool kLoadState, bool kStoreState>
void CircleGpuCuda::Impl::binAndRender(const FrameTarget& target, const TileGrid& renderGrid, int begin, int end,
                                       bool cull, FrameReadback* slot, int pass, int capacityIndex, bool coarse) {
    cudaStream_t s = target.stream;
    // The grid the pairs are keyed on: render tiles, or coarse tiles (never with culling: tileDone is per
    // render tile).
    const TileGrid grid = coarse ? gridOfSide<kCoarseTileSize>(renderGrid) : renderGrid;
    const unsigned tiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    const int n = end - begin;
    const std::uint8_t* skip = cull ? tileDone.data() : nullptr;
    counts.reserve(n + 1, "tile counts");
    offsets.reserve(n + 1, "tile offsets");
    CUDA_CHECK(cudaMemsetAsync(counts.data() + n, 0, sizeof(unsigned), s));
    const int lanes = lanesFor(renderGrid, coarse ? kCoarseTileSize : kTileSize);
    const unsigned blocks = blocksFor(std::size_t(n) * lanes, 256);
    if (n > 0) withLanes(lanes, coarse, [&](auto group, auto side) {
        launchKernel("circles: count tiles", countCoveredTiles<decltype(group)::value, decltype(side)::value>, blocks, 256,
                     0, s, circles(), begin, end, grid, skip, cull ? opaqueTiles.data() : nullptr, counts.data());
    });
    scanCounts(n, s);
    const unsigned* pairCount = offsets.data() + n;
    if (slot) {
        CUDA_CHECK(cudaMemcpyAsync(&slot->pairs[pass], pairCount, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
        slot->capacity[pass] = pairCapacity[capacityIndex];
    }
    tileStart.reserve(tiles, "tile ranges");
    tileEnd.reserve(tiles, "tile ranges");
    CUDA_CHECK(cudaMemsetAsync(tileStart.data(), 0, tiles * sizeof(unsigned), s));
    CUDA_CHECK(cudaMemsetAsync(tileEnd.data(), 0, tiles * sizeof(unsigned), s));
    // Keys past the count stay all ones: with the sort's end bit above the largest tile, that sorts last.
    const unsigned capacity = pairCapacity[capacityIndex];
    launchKernel("circles: clear pair slots", clearPairSlots, blocksFor(capacity, 256), 256, 0, s, capacity, tiles - 1,
                 pairs.keys.data(), pairs.values.data());
    if (n > 0) withLanes(lanes, coarse, [&](auto group, auto side) {
        launchKernel("circles: emit tile pairs", emitTilePairs<decltype(group)::value, decltype(side)::value>, blocks, 256,
                     0, s, circles(), begin, end, grid, skip, offsets.data(), capacity, pairs.keys.data(),
                     pairs.values.data());
    });
    const int endBit = bitsFor(tiles);  // the tile ids, the sentinel among them
    namedGpuStep("circles: sort tile pairs (CUB)", s, [&] {
        runCubCall(cubTemp, "CUB sort temporaries", [&](void* temp, std::size_t& bytes) {
            return cub::DeviceRadixSort::SortPairs(temp, bytes, pairs.keys.data(), pairs.keysSorted.data(),
                                                   pairs.values.data(), pairs.valuesSorted.data(),
                                                   static_cast<int>(capacity), 0, endBit, s);
        });
    });
    launchKernel("circles: tile ranges", findTileRanges, blocksFor(capacity, 256), 256, 0, s, pairs.keysSorted.data(),
                 pairCount, capacity, tileStart.data(), tileEnd.data());
    TileLists lists{pairs.valuesSorted.data(), tileStart.data(), tileEnd.data(), pairCount, capacity,
                    static_cast<unsigned>(begin), static_cast<unsigned>(end), coarse, grid.tilesX};
    drawTiles(kLoadState, kStoreState, target, renderGrid, lists);
}

int CircleGpuCuda::Impl::firstPassCircles() const {
    const double cover = 3.14159265358979 * static_cast<double>(meanSquaredRadius);
    const double wanted = cover > 0 ? kFirstPassLayers / cover : static_cast<double>(count);
    return static_cast<int>(std::min<double>(std::max<double>(wanted, kMinFirstPassCircles), static_cast<double>(count)));
}

// Threads per circle for binning, from the mean number of tiles of `side` pixels a circle's bounding box spans.
int CircleGpuCuda::Impl::lanesFor(const TileGrid& grid, int side) const {
    float across = 2.f * meanRadius * grid.width / side + 1.f;
    float down = 2.f * meanRadius * grid.height / side + 1.f;
    float tiles = across * down;
    return tiles >= 48.f ? 32 : tiles >= 12.f ? 8 : tiles >= 4.f ? 4 : 1;
}

template <typename Launch>
void CircleGpuCuda::Impl::withLanes(int lanes, bool coarse, Launch launch) {
    const auto withSide = [&](auto group) {
        if (coarse) launch(group, std::integral_constant<int, kCoarseTileSize>{});
        else launch(group, std::integral_constant<int, kTileSize>{});
    };
    switch (lanes) {
    case 32: withSide(std::integral_constant<int, 32>{}); break;
    case 8: withSide(std::integral_constant<int, 8>{}); break;
    case 4: withSide(std::integral_constant<int, 4>{}); break;
    default: withSide(std::integral_constant<int, 1>{}); break;
    }
}

CircleRenderPath CircleGpuCuda::Impl::pathFor(const TileGrid& grid) const {
    const TileGrid coarse = gridOfSide<kCoarseTileSize>(grid);
    const std::size_t listed = static_cast<std::size_t>(coarse.tilesX * coarse.tilesY) * static_cast<std::size_t>(count);
    const bool listable = listed <= kMostListedEntries;
    if (forcedPath >= 0) {
        const auto forced = static_cast<CircleRenderPath>(forcedPath);
        if (forced != CircleRenderPath::ListedPerCoarseTile || listable) return forced;
    }
    if (count <= kEveryCirclePerTileMax) return CircleRenderPath::EveryCirclePerTile;
    if (count <= kListedPerCoarseTileMax && listable) return CircleRenderPath::ListedPerCoarseTile;
    return CircleRenderPath::Binned;
}

void CircleGpuCuda::Impl::renderGood(const FrameTarget& target, const TileGrid& grid) {
    absorbReadbacks();
    const CircleRenderPath path = pathFor(grid);
    if (path != CircleRenderPath::Binned) stats = {};  // nothing of an earlier frame's binning
    stats.path = path;
    stats.pixelsPerThread = pixelsPerThreadFor(path);  // what drawTiles launches with
    if (path != CircleRenderPath::Binned) {
        stats.passes = 1;
        if (path == CircleRenderPath::EveryCirclePerTile) {
            stats.tileSize = kTileSize;
            drawTiles(false, false, target, grid, everyCircle(0, count));
        } else {
            stats.tileSize = kCoarseTileSize;
            renderListedPerCoarseTile(target, grid);
        }
        return;
    }
    const int firstPass = firstPassCircles();
    if (count > 2 * firstPass && !twoPassesPayOff && --framesUntilRetry <= 0) {
        twoPassesPayOff = true;
        // The two passes' capacities and skipSecondBinning are those of the last two-pass frame, hundreds of
        // frames ago: an animated scene has moved since, and a pass that outgrew its capacity walks every circle
        // per tile (snow: 6 ms frames at its first retries). A pass bins a subset of the one-pass frames'
        // circles on the same grid, so their capacity bounds it, unless those frames were binned coarse.
        if (!capacityCoarse)
            for (int pass : {1, 2}) pairCapacity[pass] = std::max(pairCapacity[pass], pairCapacity[0]);
        skipSecondBinning = false;
    }
    const bool onePass = count <= 2 * firstPass || !twoPassesPayOff;
    // Circles spanning a dozen render tiles or more (rand10k: about 45 each at 1024x1024) are binned into
    // coarse tiles: a sixteenth of the pairs to count, emit and sort, for a per-circle test in the renderer.
    const bool coarse = onePass && lanesFor(grid, kTileSize) >= 8;
    fitPairCapacity(grid, coarse);
    // This frame's read-back slot, unless the host has not read that slot yet (frames far ahead of the GPU).
    const int slotIndex = nextReadback;
    FrameReadback* slot = readbackPending[slotIndex] ? nullptr : &readback[slotIndex];
    const unsigned tiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    if (slot) slot->tiles = tiles, slot->coarse = coarse;
    if (count > 2 * firstPass) {
        // A scene that may run two passes keeps their buffers from its first frame, so a retry of two passes
        // after one-pass frames allocates nothing (an allocation can wait for the whole device).
        pixelState.reserve(static_cast<std::size_t>(grid.width) * grid.height, "front-to-back pixel state");
        tileDone.reserve(tiles, "tile flags");
        if (!opaqueTiles.data()) opaqueTiles.allocate(1, "opaque tile counter");
    }
    if (onePass) {
        if (slot) slot->passes = 1;
        stats.secondPassBinned = false;
        stats.tileSize = coarse ? kCoarseTileSize : kTileSize;
        binAndRender<false, false>(target, grid, 0, count, false, slot, 0, 0, coarse);
    } else {
        // Nearest circles first; then the rest, culled against the tiles that became opaque (when that is every
        // tile, the second pass's count kernel sees it on the device and bins nothing).
        if (slot) slot->passes = 2;
        CUDA_CHECK(cudaMemsetAsync(opaqueTiles.data(), 0, sizeof(unsigned), target.stream));
        const int split = count - firstPass;
        binAndRender<false, true>(target, grid, split, count, false, slot, 0, 1);
        if (slot)
            CUDA_CHECK(cudaMemcpyAsync(&slot->opaque, opaqueTiles.data(), sizeof(unsigned), cudaMemcpyDeviceToHost,
                                       target.stream));
        stats.secondPassBinned = !skipSecondBinning;
        if (skipSecondBinning) {
            if (slot) slot->pairs[1] = kNotBinned;
            drawTiles(true, false, target, grid, everyCircle(0, split));
        } else {
            binAndRender<true, false>(target, grid, 0, split, true, slot, 1, 2);
        }
    }
    if (slot) {
        recordEvent(readbackDone[slotIndex], target.stream);
        readbackPending[slotIndex] = true;
        nextReadback = (slotIndex + 1) % kReadbackSlots;
    }
}

void CircleGpuCuda::Impl::renderUnordered(const FrameTarget& target, const TileGrid& grid) {
    cudaStream_t s = target.stream;
    stats.pixelsPerThread = pixelsPerThreadFor(CircleRenderPath::Binned);
    const unsigned tiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    counts.reserve(tiles + 1, "tile counts");
    offsets.reserve(tiles + 1, "tile offsets");
    CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, (tiles + 1) * sizeof(unsigned), s));
    if (count > 0)
        launchKernel("circles: count tiles (atomic)", countTilesAtomically, blocksFor(count, 256), 256, 0, s, circles(),
                     grid, counts.data());
    unsigned pairCount = scanCountsToHost(tiles, s);
    stats.tilePairs = pairCount;
    stats.passes = 1;
    tileStart.reserve(tiles + 1, "tile cursors");
    CUDA_CHECK(cudaMemcpyAsync(tileStart.data(), offsets.data(), (tiles + 1) * sizeof(unsigned),
                               cudaMemcpyDeviceToDevice, s));
    pairs.values.reserve(pairCount + 1, "tile lists");
    if (count > 0)
        launchKernel("circles: fill tiles (atomic)", fillTilesAtomically, blocksFor(count, 256), 256, 0, s, circles(), grid,
                     tileStart.data(), pairs.values.data());
    TileLists lists{pairs.values.data(), offsets.data(), offsets.data() + 1};
    drawTiles(false, false, target, grid, lists);
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
