// The good variant's frame: how each tile's circles are found (pathFor, from the circle count), and for the
// binned path whether the frame runs one binning pass or two (binning.cu bins and renders each pass).
// Large scenes run two: first for the nearest circles only, then for all the others while skipping the tiles
// the first pass already made opaque (occlusion culling). In dense scenes such as rand1M almost every tile is
// opaque after the first pass, so most circles are never binned. Whether two passes pay off is learnt from
// finished frames' read-backs (pair_capacity.cu).
#include <algorithm>
#include <cstddef>

#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "core/device_buffer.hpp"

namespace racelab::circles {

int CircleGpuCuda::Impl::firstPassCircles() const {
    const double cover = 3.14159265358979 * static_cast<double>(meanSquaredRadius);
    const double wanted = cover > 0 ? kFirstPassLayers / cover : static_cast<double>(count);
    return static_cast<int>(std::min<double>(std::max<double>(wanted, kMinFirstPassCircles), static_cast<double>(count)));
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

}  // namespace racelab::circles
