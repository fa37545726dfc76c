// The tile renderer the good and unordered variants end in: one kTilePixels-thread block per 16x16 tile,
// blending the tile's binned circles (binning.cu) front to back, nearest first, in the order the binning
// kept (good) or the order its atomics happened in (unordered). A pixel stops once its remaining
// transmittance cannot change its 8-bit value. Launched from binning.cu through launchRenderTiles.
#include "circles/circle_gpu_internal.cuh"
#include "circles/tile_cover.cuh"
#include "common/launch.cuh"
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

// One block per tile, one thread per pixel. Circles of the tile's list are staged through shared memory
// in batches from the back of the list (nearest first) and blended front to back in registers.
// Each warp holds two pixel rows of the tile, and most circles of a dense scene touch only a few rows (a
// micro2M circle spans 3 of 16): so each warp first compacts, in blend order, the batch's circles whose rows
// reach its own, and tests only those. The rows are those of the circle's CS149 bounding box, the rows the
// course's reference (and racelab's) shades: a pixel outside them is never blended there either.
// kLoadState: continue from the state a previous pass stored; kStoreState: store the state (and which tiles
// are opaque) for a later pass instead of writing the final pixels.
constexpr int kWarpsPerTile = kTilePixels / 32;
constexpr int kRowsPerWarp = 32 / kTileSize;

template <bool kLoadState, bool kStoreState>
__global__ void __launch_bounds__(kTilePixels)
renderTiles(DeviceCircles c, TileGrid grid, bool snow, TileLists lists, float4* state, std::uint8_t* tileDone,
            unsigned* opaqueTiles, std::uint8_t* out, std::size_t pitch) {
    __shared__ float4 geometry[kTilePixels];  // x, y, r, depth
    __shared__ float4 tint[kTilePixels];      // r, g, b
    __shared__ int rowSpan[kTilePixels];      // first and last tile row a staged circle may cover (lo | hi << 16)
    __shared__ std::uint8_t warpList[kWarpsPerTile][kTilePixels];  // per warp: staged circles reaching its rows
    const int tile = blockIdx.x;
    const int tileY0 = (tile / grid.tilesX) * kTileSize;
    const int x = (tile % grid.tilesX) * kTileSize + threadIdx.x % kTileSize;
    const int y = tileY0 + threadIdx.x / kTileSize;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int warpRowLo = warp * kRowsPerWarp, warpRowHi = warpRowLo + kRowsPerWarp - 1;
    const bool inside = x < grid.width && y < grid.height;
    const std::size_t pixel = static_cast<std::size_t>(y) * grid.width + x;
    const float cx = pixelCentre(x, grid.invWidth);
    const float cy = pixelCentre(y, grid.invHeight);

    float r = 0.f, g = 0.f, b = 0.f, transmittance = 1.f;
    if (kLoadState && inside) {
        float4 s = state[pixel];
        r = s.x, g = s.y, b = s.z, transmittance = s.w;
    }
    bool done = !inside || transmittance < kTransmittanceCutoff;
    // Not binned, or the binned lists overflowed their buffer: walk every circle of the range, binning's test
    // per circle. Coarse lists: this tile's coarse tile's run, the same test per circle. Either way the circles
    // kept are those the binning would have listed for this tile, in the same order.
    const bool everyCircle = lists.walkAll || (lists.pairCount && *lists.pairCount > lists.capacity);
    const bool testEach = everyCircle || lists.coarse;
    const int tileX = tile % grid.tilesX, tileY = tile / grid.tilesX;
    const int listTile = lists.coarse ? (tileY >> kCoarseShift) * lists.coarseTilesX + (tileX >> kCoarseShift) : tile;
    const unsigned start = everyCircle ? lists.rangeBegin : lists.tileStart[listTile];
    const unsigned end = everyCircle ? lists.rangeEnd : lists.tileEnd[listTile];
    for (unsigned batchEnd = end; batchEnd > start; batchEnd = batchEnd > start + kTilePixels ? batchEnd - kTilePixels : start) {
        // Also the barrier that keeps the previous batch alive until every thread has used it.
        if (__syncthreads_count(done) == kTilePixels) break;
        unsigned batchBegin = batchEnd > start + kTilePixels ? batchEnd - kTilePixels : start;
        unsigned index = batchBegin + threadIdx.x;
        if (index < batchEnd) {
            unsigned circle = everyCircle ? index : lists.list[index];
            const float px = c.position[3 * circle], py = c.position[3 * circle + 1], rad = c.radius[circle];
            const bool listed = !testEach || circleCoversTile(grid, px, py, rad, tileX, tileY);
            geometry[threadIdx.x] = make_float4(px, py, rad, c.position[3 * circle + 2]);
            tint[threadIdx.x] = make_float4(c.color[3 * circle], c.color[3 * circle + 1], c.color[3 * circle + 2], 0.f);
            int y0, y1;
            pixelBounds(py, rad, grid.height, y0, y1);
            const int lo = max(y0 - tileY0, 0), hi = min(y1 - 1 - tileY0, kTileSize - 1);  // hi < lo: no row
            rowSpan[threadIdx.x] = listed ? lo | (max(hi, -1) + 1) << 16 : 0;  // 0: no row (hi = -1)
        }
        __syncthreads();
        if (__all_sync(0xffffffffu, done)) continue;
        // This warp's circles, nearest first: lane j looks at staged circle (top - j), and the ballot keeps order.
        const int staged = static_cast<int>(batchEnd - batchBegin);
        int listed = 0;
        for (int top = staged - 1; top >= 0; top -= 32) {
            const int k = top - lane;
            bool reaches = false;
            if (k >= 0) {
                const int span = rowSpan[k], lo = span & 0xffff, hi = (span >> 16) - 1;
                reaches = lo <= warpRowHi && hi >= warpRowLo;
            }
            const unsigned ballot = __ballot_sync(0xffffffffu, reaches);
            if (reaches) warpList[warp][listed + __popc(ballot & ((1u << lane) - 1u))] = static_cast<std::uint8_t>(k);
            listed += __popc(ballot);
        }
        __syncwarp();
        if (done) continue;
        for (int m = 0; m < listed; ++m) {
            const int k = warpList[warp][m];
            float4 geo = geometry[k];
            float distSq = squaredDistance(geo.x - cx, geo.y - cy);
            if (distSq > geo.z * geo.z) continue;
            float4 t = tint[k];
            Rgb color;
            float alpha;
            shade(snow, distSq, geo.z, geo.w, Rgb{t.x, t.y, t.z}, color, alpha);
            float weight = transmittance * alpha;
            r += weight * color.r;
            g += weight * color.g;
            b += weight * color.b;
            transmittance *= 1.f - alpha;
            if (transmittance < kTransmittanceCutoff) {
                done = true;
                break;
            }
        }
    }
    if (kStoreState) {
        int opaque = __syncthreads_count(done);
        if (threadIdx.x == 0) {
            tileDone[tile] = opaque == kTilePixels;
            if (opaque == kTilePixels) atomicAdd(opaqueTiles, 1u);
        }
        if (inside) state[pixel] = make_float4(r, g, b, transmittance);
        return;
    }
    if (!inside) return;
    Rgb clear = clearColor(snow, y, grid.height);
    uchar4 px = make_uchar4(toByte(r + transmittance * clear.r), toByte(g + transmittance * clear.g),
                            toByte(b + transmittance * clear.b), 255);
    *reinterpret_cast<uchar4*>(out + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x)) = px;
}

}  // namespace

void launchRenderTiles(bool loadState, bool storeState, unsigned tiles, cudaStream_t stream, DeviceCircles c,
                       TileGrid grid, bool snow, const TileLists& lists, float4* state, std::uint8_t* tileDone,
                       unsigned* opaqueTiles, std::uint8_t* out, std::size_t pitch) {
    auto kernel = loadState ? renderTiles<true, false> : storeState ? renderTiles<false, true> : renderTiles<false, false>;
    launchKernel("circles: render tiles", kernel, tiles, kTilePixels, 0, stream, c, grid, snow, lists, state, tileDone,
                 opaqueTiles, out, pitch);
}

}  // namespace racelab::circles
