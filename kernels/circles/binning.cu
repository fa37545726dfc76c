// Binning for the tile renderer (see circle_gpu_internal.cuh for the whole pipeline): which circles each
// 16x16 tile must blend, and in what order.
//
// good: count the tiles each circle covers -> exclusive scan -> emit (tile, circle) pairs in circle order ->
//       CUB radix sort on the tile bits only (LSD radix sort is stable, so each tile keeps circle order) ->
//       per-tile ranges -> renderTiles (render_tiles.cu).
//       Large scenes run this twice: first for the nearest circles only, then for all the others while
//       skipping the tiles the first pass already made opaque (occlusion culling). In dense scenes such as
//       rand1M almost every tile is opaque after the first pass, so most circles are never binned.
// unordered: tiles are filled with atomicAdd cursors, so the order inside a tile is whatever order the
//       atomics happened in.
#include <type_traits>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "circles/tile_cover.cuh"
#include "core/device_buffer.hpp"
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
template <int kLanes>
__global__ void countCoveredTiles(DeviceCircles c, int begin, int end, TileGrid grid, const std::uint8_t* tileDone,
                                  unsigned* counts) {
    const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = begin + static_cast<int>(thread / kLanes), lane = static_cast<int>(thread % kLanes);
    unsigned n = 0;
    if (i < end)
        forEachCoveredTile(grid, c.position[3 * i], c.position[3 * i + 1], c.radius[i], lane, kLanes, tileDone,
                           [&](int) { ++n; });
    for (int offset = kLanes / 2; offset > 0; offset /= 2) n += __shfl_xor_sync(0xffffffffu, n, offset, kLanes);
    if (i < end && lane == 0) counts[i - begin] = n;
}

template <int kLanes>
__global__ void emitTilePairs(DeviceCircles c, int begin, int end, TileGrid grid, const std::uint8_t* tileDone,
                              const unsigned* offsets, unsigned* keys, unsigned* values) {
    const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = begin + static_cast<int>(thread / kLanes), lane = static_cast<int>(thread % kLanes);
    const bool valid = i < end;
    float px = 0.f, py = 0.f, r = 0.f;
    if (valid) px = c.position[3 * i], py = c.position[3 * i + 1], r = c.radius[i];
    // Exclusive prefix of the lanes' counts inside the group (a lone lane starts at the circle's offset).
    unsigned before = 0;
    if constexpr (kLanes > 1) {
        unsigned mine = 0;
        if (valid) forEachCoveredTile(grid, px, py, r, lane, kLanes, tileDone, [&](int) { ++mine; });
        before = mine;
        for (int offset = 1; offset < kLanes; offset *= 2) {
            unsigned other = __shfl_up_sync(0xffffffffu, before, offset, kLanes);
            if (lane >= offset) before += other;
        }
        before -= mine;
    }
    if (!valid) return;
    unsigned slot = offsets[i - begin] + before;
    forEachCoveredTile(grid, px, py, r, lane, kLanes, tileDone, [&](int tile) {
        keys[slot] = static_cast<unsigned>(tile);
        values[slot] = static_cast<unsigned>(i);
        ++slot;
    });
}

__global__ void findTileRanges(const unsigned* sortedKeys, unsigned pairs, unsigned* tileStart, unsigned* tileEnd) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
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

template <typename CubCall>
void CircleGpuCuda::Impl::runCub(CubCall call, const char* what) {
    std::size_t bytes = 0;
    CUDA_CHECK(call(nullptr, bytes));
    cubTemp.reserve(bytes, what);
    bytes = cubTemp.bytes();
    CUDA_CHECK(call(cubTemp.data(), bytes));
}

// Exclusive scan of counts[0..n) into offsets[0..n]; returns offsets[n] (the total) on the host.
unsigned CircleGpuCuda::Impl::scanCounts(std::size_t n, cudaStream_t stream) {
    namedGpuStep("circles: scan tile counts (CUB)", stream, [&] {
        runCub([&](void* temp, std::size_t& bytes) {
            return cub::DeviceScan::ExclusiveSum(temp, bytes, counts.data(), offsets.data(), static_cast<int>(n + 1), stream);
        }, "CUB scan temporaries");
    });
    CUDA_CHECK(cudaMemcpyAsync(pinnedTotal, offsets.data() + n, sizeof(unsigned), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);  // the pair count sizes the sort: one sync per frame
    return *pinnedTotal;
}

// Bins circles [begin, end) (skipping tiles flagged in tileDone when culling) and renders them.
template <bool kLoadState, bool kStoreState>
void CircleGpuCuda::Impl::binAndRender(const FrameTarget& target, const TileGrid& grid, int begin, int end, bool cull) {
    cudaStream_t s = target.stream;
    const unsigned tiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    const int n = end - begin;
    const std::uint8_t* skip = cull ? tileDone.data() : nullptr;
    counts.reserve(n + 1, "tile counts");
    offsets.reserve(n + 1, "tile offsets");
    CUDA_CHECK(cudaMemsetAsync(counts.data() + n, 0, sizeof(unsigned), s));
    const int lanes = lanesFor(grid);
    const unsigned blocks = blocksFor(std::size_t(n) * lanes, 256);
    if (n > 0) withLanes(lanes, [&](auto group) {
        launchKernel("circles: count tiles", countCoveredTiles<decltype(group)::value>, blocks, 256, 0, s, circles(), begin,
                     end, grid, skip, counts.data());
    });
    unsigned pairs = scanCounts(n, s);
    stats.tilePairs += pairs;
    ++stats.passes;
    tileStart.reserve(tiles, "tile ranges");
    tileEnd.reserve(tiles, "tile ranges");
    CUDA_CHECK(cudaMemsetAsync(tileStart.data(), 0, tiles * sizeof(unsigned), s));
    CUDA_CHECK(cudaMemsetAsync(tileEnd.data(), 0, tiles * sizeof(unsigned), s));
    if (pairs > 0) {
        keys.reserve(pairs, "tile pairs");
        values.reserve(pairs, "tile pairs");
        keysSorted.reserve(pairs, "tile pairs");
        valuesSorted.reserve(pairs, "tile pairs");
        withLanes(lanes, [&](auto group) {
            launchKernel("circles: emit tile pairs", emitTilePairs<decltype(group)::value>, blocks, 256, 0, s, circles(),
                         begin, end, grid, skip, offsets.data(), keys.data(), values.data());
        });
        const int endBit = bitsFor(tiles);
        namedGpuStep("circles: sort tile pairs (CUB)", s, [&] {
            runCub([&](void* temp, std::size_t& bytes) {
                return cub::DeviceRadixSort::SortPairs(temp, bytes, keys.data(), keysSorted.data(), values.data(),
                                                       valuesSorted.data(), static_cast<int>(pairs), 0, endBit, s);
            }, "CUB sort temporaries");
        });
        launchKernel("circles: tile ranges", findTileRanges, blocksFor(pairs, 256), 256, 0, s, keysSorted.data(), pairs,
                     tileStart.data(), tileEnd.data());
    }
    launchRenderTiles(kLoadState, kStoreState, tiles, s, circles(), grid, snow, valuesSorted.data(),
                      tileStart.data(), tileEnd.data(), pixelState.data(), tileDone.data(), opaqueTiles.data(),
                      target.pixels, target.pitchBytes);
}

int CircleGpuCuda::Impl::firstPassCircles() const {
    const double cover = 3.14159265358979 * static_cast<double>(meanSquaredRadius);
    const double wanted = cover > 0 ? kFirstPassLayers / cover : static_cast<double>(count);
    return static_cast<int>(std::min<double>(std::max<double>(wanted, kMinFirstPassCircles), static_cast<double>(count)));
}

// Threads per circle for binning, from the mean number of tiles a circle's bounding box spans.
int CircleGpuCuda::Impl::lanesFor(const TileGrid& grid) const {
    float across = 2.f * meanRadius * grid.width / kTileSize + 1.f;
    float down = 2.f * meanRadius * grid.height / kTileSize + 1.f;
    float tiles = across * down;
    return tiles >= 48.f ? 32 : tiles >= 12.f ? 8 : tiles >= 4.f ? 4 : 1;
}

template <typename Launch>
void CircleGpuCuda::Impl::withLanes(int lanes, Launch launch) {
    switch (lanes) {
    case 32: launch(std::integral_constant<int, 32>{}); break;
    case 8: launch(std::integral_constant<int, 8>{}); break;
    case 4: launch(std::integral_constant<int, 4>{}); break;
    default: launch(std::integral_constant<int, 1>{}); break;
    }
}

void CircleGpuCuda::Impl::renderGood(const FrameTarget& target, const TileGrid& grid) {
    stats.tilePairs = 0;
    stats.passes = 0;
    const int firstPass = firstPassCircles();
    if (count > 2 * firstPass && !twoPassesPayOff && --framesUntilRetry <= 0) twoPassesPayOff = true;
    if (count <= 2 * firstPass || !twoPassesPayOff) {
        binAndRender<false, false>(target, grid, 0, count, false);
        return;
    }
    // Nearest circles first; then the rest, culled against the tiles that became opaque.
    const unsigned tiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    pixelState.reserve(static_cast<std::size_t>(grid.width) * grid.height, "front-to-back pixel state");
    tileDone.reserve(tiles, "tile flags");
    if (!opaqueTiles.data()) opaqueTiles.allocate(1, "opaque tile counter");
    CUDA_CHECK(cudaMemsetAsync(opaqueTiles.data(), 0, sizeof(unsigned), target.stream));
    const int split = count - firstPass;
    binAndRender<false, true>(target, grid, split, count, false);
    CUDA_CHECK(cudaMemcpyAsync(pinnedTotal + 1, opaqueTiles.data(), sizeof(unsigned), cudaMemcpyDeviceToHost, target.stream));
    waitForStream(target.stream);
    const unsigned opaque = pinnedTotal[1];
    if (opaque < tiles / 2) {
        twoPassesPayOff = false;
        framesUntilRetry = 120;
    }
    if (opaque < tiles) {
        binAndRender<true, false>(target, grid, 0, split, true);
        return;
    }
    // Every tile is opaque: the farther circles cannot show; only the stored state becomes pixels.
    ++stats.passes;
    CUDA_CHECK(cudaMemsetAsync(tileStart.data(), 0, tiles * sizeof(unsigned), target.stream));
    CUDA_CHECK(cudaMemsetAsync(tileEnd.data(), 0, tiles * sizeof(unsigned), target.stream));
    launchRenderTiles(true, false, tiles, target.stream, circles(), grid, snow, valuesSorted.data(),
                      tileStart.data(), tileEnd.data(), pixelState.data(), tileDone.data(), opaqueTiles.data(),
                      target.pixels, target.pitchBytes);
}

void CircleGpuCuda::Impl::renderUnordered(const FrameTarget& target, const TileGrid& grid) {
    cudaStream_t s = target.stream;
    const unsigned tiles = static_cast<unsigned>(grid.tilesX * grid.tilesY);
    counts.reserve(tiles + 1, "tile counts");
    offsets.reserve(tiles + 1, "tile offsets");
    CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, (tiles + 1) * sizeof(unsigned), s));
    if (count > 0)
        launchKernel("circles: count tiles (atomic)", countTilesAtomically, blocksFor(count, 256), 256, 0, s, circles(),
                     grid, counts.data());
    unsigned pairs = scanCounts(tiles, s);
    stats.tilePairs = pairs;
    stats.passes = 1;
    tileStart.reserve(tiles + 1, "tile cursors");
    CUDA_CHECK(cudaMemcpyAsync(tileStart.data(), offsets.data(), (tiles + 1) * sizeof(unsigned),
                               cudaMemcpyDeviceToDevice, s));
    values.reserve(pairs + 1, "tile lists");
    if (count > 0)
        launchKernel("circles: fill tiles (atomic)", fillTilesAtomically, blocksFor(count, 256), 256, 0, s, circles(), grid,
                     tileStart.data(), values.data());
    launchRenderTiles(false, false, tiles, s, circles(), grid, snow, values.data(), offsets.data(),
                      offsets.data() + 1, nullptr, nullptr, nullptr, target.pixels, target.pitchBytes);
}

}  // namespace racelab::circles
