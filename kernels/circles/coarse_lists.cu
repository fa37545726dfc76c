// Circle lists per coarse tile without binning: one block per coarse tile (kCoarseTileSize pixels a side)
// tests every circle of the scene against its tile (does it reach the tile: withinReach), in circle order, and
// compacts the hits into the tile's own run of the list with a block-wide scan. The lists come out in blend
// order with no sort, and the whole step is one launch, where binning is a chain of six (count, scan, clear,
// emit, sort, ranges) that for a few thousand circles mostly waits on itself. Each run has room for every
// circle (the run of tile t starts at t * count), so a list can never overflow; the renderer (render_tiles.cu,
// TileLists::coarse) then keeps the circles of its coarse tile's run that cover its own render tile, by the
// test binning uses for render tiles. pathFor chooses it for 65 to 10,000 circles, where the H100 drew it
// faster than both binning and the every-circle test (kListedPerCoarseTileMax in circle_gpu_internal.cuh says
// by how much).
#include <cub/block/block_scan.cuh>

#include "circles/circle_gpu_internal.cuh"
#include "circles/tile_cover.cuh"
#include "common/launch.cuh"

namespace racelab::circles {
namespace {

constexpr int kListThreads = 512;
// Consecutive circles a thread tests (its hits are written in order), read four at a time with 16-byte loads:
// kFewCirclesPerThread where one round of the block covers the scene (fireworks, pattern), else
// kManyCirclesPerThread. Twenty let up to 10,240 circles (every scene this path takes) be one round of loads,
// tests and scan, where four a thread took rand10k five rounds: the block mostly waits (on its loads, on its
// scan's barriers), so its rounds, more than its tests, are its time. But a thread tests its circles one after
// the other, so where four already make one round, twenty only lengthen it (H100: pattern's listing took 10.5
// to 11.5 us with twenty for every count, b24edc7; 7.9 to 8.2 us with four, a3d0896). 32 registers a thread
// (sm_90): four blocks of 512 fit a multiprocessor; a 1024x1024 frame has 256 coarse tiles.
constexpr int kFewCirclesPerThread = 4;
constexpr int kManyCirclesPerThread = 20;

// The list's test is whether a circle reaches the coarse tile (withinReach), without the bounding-box half of
// circleCoversTile, which costs four float-to-int conversions and a branch that diverges in every warp. The
// lists are so a superset of coarse binning's, in the same order, and the renderer keeps of them exactly the
// circles that pass circleCoversTile for its render tile; every such circle is in its coarse tile's list,
// since circleCoversTile for a render tile implies it for the coarse tile (tests/cpu/circle_tile_cover_test).

// `coarse` is the frame cut into coarse tiles (gridOfSide<kCoarseTileSize>).
template <int kCirclesPerThread>
__global__ void __launch_bounds__(kListThreads)
listCirclesPerCoarseTile(DeviceCircles c, TileGrid coarse, unsigned* list, unsigned* tileStart, unsigned* tileEnd) {
    static_assert(kCirclesPerThread % 4 == 0, "circles are read in groups of four");
    using Scan = cub::BlockScan<unsigned, kListThreads>;
    __shared__ typename Scan::TempStorage scan;
    const int tx = blockIdx.x, ty = blockIdx.y;
    const int tile = ty * coarse.tilesX + tx;
    const unsigned runStart = static_cast<unsigned>(tile) * static_cast<unsigned>(c.count);
    const TileBounds bounds = tileBoundsOf<kCoarseTileSize>(coarse, tx, ty);
    unsigned written = 0;
    for (int base = 0; base < c.count; base += kListThreads * kCirclesPerThread) {
        const int first = base + static_cast<int>(threadIdx.x) * kCirclesPerThread;
        unsigned hits = 0;
#pragma unroll
        for (int q = 0; q < kCirclesPerThread; q += 4) {
            // Four circles' x, y and radius: three 16-byte loads of positions and one of radii where all four
            // exist (first + q is a multiple of 4, so 3 * (first + q) floats is a multiple of 16 bytes), else one
            // by one.
            const int i0 = first + q;
            float x[4], y[4], r[4];
            if (i0 + 4 <= c.count) {
                const float4* p = reinterpret_cast<const float4*>(c.position + 3 * i0);
                const float4 a = p[0], b = p[1], d = p[2];  // x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3
                const float4 radii = *reinterpret_cast<const float4*>(c.radius + i0);
                x[0] = a.x, y[0] = a.y, x[1] = a.w, y[1] = b.x, x[2] = b.z, y[2] = b.w, x[3] = d.y, y[3] = d.z;
                r[0] = radii.x, r[1] = radii.y, r[2] = radii.z, r[3] = radii.w;
            } else {
#pragma unroll
                for (int k = 0; k < 4; ++k) {
                    const int i = i0 + k < c.count ? i0 + k : 0;  // past the end: read circle 0, never listed
                    x[k] = c.position[3 * i], y[k] = c.position[3 * i + 1], r[k] = c.radius[i];
                }
            }
#pragma unroll
            for (int k = 0; k < 4; ++k)
                if (i0 + k < c.count && withinReach(bounds, x[k], y[k], reachLimit(r[k]))) hits |= 1u << (q + k);
        }
        unsigned slot, total;
        Scan(scan).ExclusiveSum(static_cast<unsigned>(__popc(hits)), slot, total);
        slot += runStart + written;
        for (; hits; hits &= hits - 1) list[slot++] = static_cast<unsigned>(first + __ffs(hits) - 1);  // in order
        written += total;
        __syncthreads();  // the scan's shared storage is used again
    }
    if (threadIdx.x == 0) {
        tileStart[tile] = runStart;
        tileEnd[tile] = runStart + written;
    }
}

}  // namespace

void CircleGpuCuda::Impl::renderListedPerCoarseTile(const FrameTarget& target, const TileGrid& grid) {
    cudaStream_t s = target.stream;
    const TileGrid coarse = gridOfSide<kCoarseTileSize>(grid);
    const unsigned coarseTiles = static_cast<unsigned>(coarse.tilesX * coarse.tilesY);
    const std::size_t entries = static_cast<std::size_t>(coarseTiles) * static_cast<std::size_t>(count);
    if (entries > pairs.valuesSorted.size())
        requireDeviceMemory(entries * sizeof(unsigned), "circle lists per coarse tile (" + std::to_string(entries) + ")");
    // The lists take the buffer binning sorts its circle indices into: the renderer reads its lists from there
    // on either path, and a frame runs one of them.
    pairs.valuesSorted.reserve(entries, "circle lists per coarse tile");
    tileStart.reserve(coarseTiles, "tile ranges");
    tileEnd.reserve(coarseTiles, "tile ranges");
    auto listing = count <= kListThreads * kFewCirclesPerThread ? listCirclesPerCoarseTile<kFewCirclesPerThread>
                                                                 : listCirclesPerCoarseTile<kManyCirclesPerThread>;
    launchKernel("circles: list circles per coarse tile", listing, dim3(coarse.tilesX, coarse.tilesY), kListThreads, 0,
                 s, circles(), coarse, pairs.valuesSorted.data(), tileStart.data(), tileEnd.data());
    TileLists lists{};  // complete lists (no pair count to check), one run per coarse tile
    lists.list = pairs.valuesSorted.data();
    lists.tileStart = tileStart.data();
    lists.tileEnd = tileEnd.data();
    lists.coarse = true;
    lists.coarseTilesX = coarse.tilesX;
    drawTiles(false, false, target, grid, lists);
}

}  // namespace racelab::circles
