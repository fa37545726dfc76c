// The tile renderer the good and unordered variants end in: one kTilePixels-thread block per 16x16 tile,
// blending the tile's binned circles (binning.cu) front to back, nearest first, in the order the binning
// kept (good) or the order its atomics happened in (unordered). A pixel stops once its remaining
// transmittance cannot change its 8-bit value. Launched from the variants' units through launchRenderTiles.
#include "circles/circle_gpu_internal.cuh"
#include "circles/tile_cover.cuh"
#include "common/launch.cuh"
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

// One block per tile (blockIdx.x, blockIdx.y: no division by the tile row's width), kPixels vertically adjacent
// pixels a thread (kPixels = 1: one thread per pixel). Circles of the tile's list are staged through shared
// memory in batches from the back of the list (nearest first) and blended front to back in registers.
// Each warp holds 2 * kPixels pixel rows of the tile, and most circles of a dense scene touch only a few rows
// (a micro2M circle spans 3 of 16): so each warp takes the batch 32 circles at a time, nearest first, keeps by a
// ballot those whose rows reach its own, and blends them in ballot order (highest lane, nearest circle, first).
// A warp stops as soon as all of its pixels are opaque: in rand10k that is after about 15 circles (ncu: 14.2
// blended a warp), so it looks at a chunk or two of its tile's list, not all of it. The rows are those of the circle's
// CS149 bounding box, the rows the course's reference (and racelab's) shades: a pixel outside them is never
// blended there either.
// With kPixels = 2 a thread reads each listed circle once for two pixels, the block has half the threads and
// half the warps, and more pixels are in flight on a multiprocessor (sm_90, by registers: 10 blocks of 128
// threads against 6 of 256): the same pixels, blended in the same order with the same arithmetic. The renderer
// takes kPixels = 2 unless the scene is binned (pixelsPerThreadFor, circle_gpu_internal.cuh).
// kLoadState: continue from the state a previous pass stored; kStoreState: store the state (and which tiles
// are opaque) for a later pass instead of writing the final pixels.
template <int kPixels>
struct TileThreads {
    static constexpr int kThreads = kTilePixels / kPixels;
    static constexpr int kRowsPerWarp = 32 / kTileSize * kPixels;
};

// The first batch a tile of coarse lists stages (see renderTiles).
constexpr unsigned kFirstCoarseBatch = 64;

// A staged circle: its geometry and tint side by side, so that the blend loop reaches both from one address.
struct StagedCircle {
    float4 geometry;  // x, y, r, depth
    float4 tint;      // r, g, b
};

template <bool kLoadState, bool kStoreState, int kPixels>
__global__ void __launch_bounds__(TileThreads<kPixels>::kThreads)
renderTiles(DeviceCircles c, TileGrid grid, bool snow, TileLists lists, float4* state, std::uint8_t* tileDone,
            unsigned* opaqueTiles, std::uint8_t* out, std::size_t pitch) {
    using Threads = TileThreads<kPixels>;
    constexpr unsigned kWarp = 0xffffffffu;
    __shared__ StagedCircle staged[kTilePixels];
    __shared__ int rowSpan[kTilePixels];  // first and last tile row a staged circle may cover (lo | (hi + 1) << 16)
    const int tileX = blockIdx.x, tileY = blockIdx.y;
    const int tile = tileY * grid.tilesX + tileX;
    const int tileY0 = tileY * kTileSize;
    const int x = tileX * kTileSize + threadIdx.x % kTileSize;
    const int y0 = tileY0 + static_cast<int>(threadIdx.x / kTileSize) * kPixels;  // this thread's first row
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int warpRowLo = warp * Threads::kRowsPerWarp, warpRowHi = warpRowLo + Threads::kRowsPerWarp - 1;
    const float cx = pixelCentre(x, grid.invWidth);

    float r[kPixels], g[kPixels], b[kPixels], transmittance[kPixels], cy[kPixels];
    bool inside[kPixels], done[kPixels];
#pragma unroll
    for (int p = 0; p < kPixels; ++p) {
        const int y = y0 + p;
        inside[p] = x < grid.width && y < grid.height;
        cy[p] = pixelCentre(y, grid.invHeight);
        r[p] = g[p] = b[p] = 0.f, transmittance[p] = 1.f;
        if (kLoadState && inside[p]) {
            float4 s = state[static_cast<std::size_t>(y) * grid.width + x];
            r[p] = s.x, g[p] = s.y, b[p] = s.z, transmittance[p] = s.w;
        }
        done[p] = !inside[p] || transmittance[p] < kTransmittanceCutoff;
    }
    const auto allDone = [&] {
        bool all = true;
#pragma unroll
        for (int p = 0; p < kPixels; ++p) all = all && done[p];
        return all;
    };
    bool threadDone = allDone();
    // Not binned, or the binned lists overflowed their buffer: walk every circle of the range, binning's test
    // per circle. Coarse lists: this tile's coarse tile's run, the same test per circle. Either way the circles
    // kept are those the binning would have listed for this tile, in the same order.
    const bool everyCircle = lists.walkAll || (lists.pairCount && *lists.pairCount > lists.capacity);
    const bool testEach = everyCircle || lists.coarse;
    const int listTile = lists.coarse ? (tileY >> kCoarseShift) * lists.coarseTilesX + (tileX >> kCoarseShift) : tile;
    const unsigned start = everyCircle ? lists.rangeBegin : lists.tileStart[listTile];
    const unsigned end = everyCircle ? lists.rangeEnd : lists.tileEnd[listTile];
    // A tile of coarse lists stages its first kFirstCoarseBatch circles only (the warps of a dense tile are opaque
    // after a few dozen: rand10k's 64px lists hold about 260), the later batches kTilePixels.
    unsigned batchSize = lists.coarse ? kFirstCoarseBatch : kTilePixels;
    for (unsigned batchEnd = end; batchEnd > start; batchSize = kTilePixels) {
        // Also the barrier that keeps the previous batch alive until every thread has used it.
        if (__syncthreads_count(threadDone) == Threads::kThreads) break;
        const unsigned batchBegin = batchEnd - start > batchSize ? batchEnd - batchSize : start;
        for (int slot = threadIdx.x; slot < static_cast<int>(batchEnd - batchBegin); slot += Threads::kThreads) {
            const unsigned index = batchBegin + slot;
            unsigned circle = everyCircle ? index : lists.list[index];
            const float px = c.position[3 * circle], py = c.position[3 * circle + 1], rad = c.radius[circle];
            const bool listed = !testEach || circleCoversTile(grid, px, py, rad, tileX, tileY);
            staged[slot].geometry = make_float4(px, py, rad, c.position[3 * circle + 2]);
            staged[slot].tint = make_float4(c.color[3 * circle], c.color[3 * circle + 1], c.color[3 * circle + 2], 0.f);
            int rowLo, rowHi;
            pixelBounds(py, rad, grid.height, rowLo, rowHi);
            const int lo = max(rowLo - tileY0, 0), hi = min(rowHi - 1 - tileY0, kTileSize - 1);  // hi < lo: no row
            rowSpan[slot] = listed ? lo | (max(hi, -1) + 1) << 16 : 0;  // 0: no row (hi = -1)
        }
        __syncthreads();
        // This warp's circles, nearest first, 32 at a time: lane j looks at staged circle (top - 31 + j), so the
        // ballot's highest bit is the nearest circle.
        for (int top = static_cast<int>(batchEnd - batchBegin) - 1; top >= 0; top -= 32) {
            if (__all_sync(kWarp, threadDone)) break;
            const int k = top - 31 + lane;
            bool reaches = false;
            if (k >= 0) {
                const int span = rowSpan[k], lo = span & 0xffff, hi = (span >> 16) - 1;
                reaches = lo <= warpRowHi && hi >= warpRowLo;
            }
            unsigned hits = __ballot_sync(kWarp, reaches);
            if (threadDone) continue;  // (the lane still votes on the next chunks with its warp)
            while (hits) {
                const int skip = __clz(hits);  // the nearest circle left: bit 31 - skip, staged circle top - skip
                hits &= ~(0x80000000u >> skip);
                const StagedCircle& s = staged[top - skip];
                const float4 geo = s.geometry;
                bool finished = false;  // every pixel of this thread opaque after this circle
#pragma unroll
                for (int p = 0; p < kPixels; ++p) {
                    // With one pixel a thread the pixel is never done here (the loop ends when it is): no test, so
                    // that the loop's instructions are those of a one-pixel render (micro2M is bound by them).
                    const bool open = kPixels == 1 || !done[p];
                    const float distSq = squaredDistance(geo.x - cx, geo.y - cy[p]);
                    const bool covered = open && distSq <= geo.z * geo.z;
                    const float4 t = s.tint;
                    Rgb color;
                    float alpha;
                    if (snow) {  // radial shading (a square root and an exponential): only where covered
                        if (!covered) continue;
                        shade(true, distSq, geo.z, geo.w, Rgb{t.x, t.y, t.z}, color, alpha);
                    } else {
                        // Flat shading, blended without a branch: where not covered the weight is 0 and the
                        // transmittance is multiplied by 1, which leaves every value exactly as it was.
                        shade(false, distSq, geo.z, geo.w, Rgb{t.x, t.y, t.z}, color, alpha);
                        if (!covered) alpha = 0.f;
                    }
                    float weight = transmittance[p] * alpha;
                    r[p] += weight * color.r;
                    g[p] += weight * color.g;
                    b[p] += weight * color.b;
                    transmittance[p] *= 1.f - alpha;
                    if (covered && transmittance[p] < kTransmittanceCutoff) {
                        done[p] = true;
                        finished = allDone();
                    }
                }
                if (finished) {
                    threadDone = true;
                    break;
                }
            }
        }
        batchEnd = batchBegin;
    }
    if constexpr (kStoreState) {
        int opaque = __syncthreads_count(threadDone);
        if (threadIdx.x == 0) {
            tileDone[tile] = opaque == Threads::kThreads;
            if (opaque == Threads::kThreads) atomicAdd(opaqueTiles, 1u);
        }
#pragma unroll
        for (int p = 0; p < kPixels; ++p)
            if (inside[p])
                state[static_cast<std::size_t>(y0 + p) * grid.width + x] = make_float4(r[p], g[p], b[p], transmittance[p]);
    } else {
#pragma unroll
        for (int p = 0; p < kPixels; ++p) {
            if (!inside[p]) continue;
            const int y = y0 + p;
            Rgb clear = clearColor(snow, y, grid.height);
            uchar4 px = make_uchar4(toByte(r[p] + transmittance[p] * clear.r), toByte(g[p] + transmittance[p] * clear.g),
                                    toByte(b[p] + transmittance[p] * clear.b), 255);
            *reinterpret_cast<uchar4*>(out + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x)) = px;
        }
    }
}

template <int kPixels>
void launchRenderTilesOf(bool loadState, bool storeState, cudaStream_t stream, DeviceCircles c, TileGrid grid, bool snow,
                         const TileLists& lists, float4* state, std::uint8_t* tileDone, unsigned* opaqueTiles,
                         std::uint8_t* out, std::size_t pitch) {
    auto kernel = loadState    ? renderTiles<true, false, kPixels>
                  : storeState ? renderTiles<false, true, kPixels>
                               : renderTiles<false, false, kPixels>;
    launchKernel("circles: render tiles", kernel, dim3(grid.tilesX, grid.tilesY), TileThreads<kPixels>::kThreads, 0, stream,
                 c, grid, snow, lists, state, tileDone, opaqueTiles, out, pitch);
}

}  // namespace

void launchRenderTiles(bool loadState, bool storeState, int pixelsPerThread, cudaStream_t stream,
                       DeviceCircles c, TileGrid grid, bool snow, const TileLists& lists, float4* state,
                       std::uint8_t* tileDone, unsigned* opaqueTiles, std::uint8_t* out, std::size_t pitch) {
    if (pixelsPerThread == 2)
        launchRenderTilesOf<2>(loadState, storeState, stream, c, grid, snow, lists, state, tileDone, opaqueTiles,
                               out, pitch);
    else
        launchRenderTilesOf<1>(loadState, storeState, stream, c, grid, snow, lists, state, tileDone, opaqueTiles,
                               out, pitch);
}

}  // namespace racelab::circles
