// The unordered variant: tiles are filled with atomicAdd cursors, so the order inside a tile is whatever
// order the atomics happened in. Its lists are sized from a pair count read back on the host (a wait per
// frame), then drawn by the same tile renderer as the good variant (render_tiles.cu).
#include <cstddef>

#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "circles/tile_cover.cuh"
#include "core/device_buffer.hpp"

namespace racelab::circles {
namespace {

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

// scanCounts (binning.cu) with the total read back: the unordered variant sizes its lists with it (a host wait
// per frame).
unsigned CircleGpuCuda::Impl::scanCountsToHost(std::size_t n, cudaStream_t stream) {
    scanCounts(n, stream);
    CUDA_CHECK(cudaMemcpyAsync(pinnedTotal, offsets.data() + n, sizeof(unsigned), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);
    return *pinnedTotal;
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

}  // namespace racelab::circles
