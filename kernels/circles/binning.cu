// Binning for the tile renderer (see circle_gpu_internal.cuh for the whole pipeline): which circles each
// 16x16 tile must blend, and in what order.
//
// count the tiles each circle covers -> exclusive scan -> emit (tile, circle) pairs in circle order -> CUB
// radix sort on the tile bits only (LSD radix sort is stable, so each tile keeps circle order) over the pass's
// capacity (sentinel keys past the count end up last) -> per-tile ranges -> renderTiles (render_tiles.cu).
// The pair count is read on the device by the ranges and the renderer; the host learns it (and the opaque-tile
// count) from a finished frame's read-back, never by waiting (pair_capacity.cu). Which circles a pass bins,
// and whether a frame runs one pass or two, is the good variant's choice (render_good.cu).
#include <cstddef>
#include <type_traits>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "circles/tile_cover.cuh"
#include "core/device_buffer.hpp"

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

}  // namespace

// Exclusive scan of counts[0..n) into offsets[0..n]: offsets[n] is the total, left on the device.
void CircleGpuCuda::Impl::scanCounts(std::size_t n, cudaStream_t stream) {
    namedGpuStep("circles: scan tile counts (CUB)", stream, [&] {
        runCubCall(cubTemp, "CUB scan temporaries", [&](void* temp, std::size_t& bytes) {
            return cub::DeviceScan::ExclusiveSum(temp, bytes, counts.data(), offsets.data(), static_cast<int>(n + 1), stream);
        });
    });
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

// renderGood (render_good.cu) bins with these three; the template stays here, beside the kernels it launches.
template void CircleGpuCuda::Impl::binAndRender<false, false>(const FrameTarget&, const TileGrid&, int, int, bool,
                                                              FrameReadback*, int, int, bool);
template void CircleGpuCuda::Impl::binAndRender<false, true>(const FrameTarget&, const TileGrid&, int, int, bool,
                                                             FrameReadback*, int, int, bool);
template void CircleGpuCuda::Impl::binAndRender<true, false>(const FrameTarget&, const TileGrid&, int, int, bool,
                                                             FrameReadback*, int, int, bool);

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

}  // namespace racelab::circles
