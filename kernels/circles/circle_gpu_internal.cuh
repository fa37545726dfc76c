// Private to kernels/circles/: what the circle renderer's translation units share. Not for scene code (that
// includes circle_gpu.cuh only).
//
// The GPU circle renderer (CS149 asst3 semantics) in three variants, plus the particle animation:
//
// good: count the tiles each circle covers -> exclusive scan -> emit (tile, circle) pairs in circle order ->
//       CUB radix sort on the tile bits only (LSD radix sort is stable, so each tile keeps circle order) ->
//       per-tile ranges -> one 16x16 block per tile blends its circles front to back through shared memory,
//       stopping once a pixel's remaining transmittance cannot change its 8-bit value.
//       Large scenes run this twice: first for the nearest circles only, then for all the others while
//       skipping the tiles the first pass already made opaque (occlusion culling). In dense scenes such as
//       rand1M almost every tile is opaque after the first pass, so most circles are never binned.
// unordered: the same per-tile render, but tiles are filled with atomicAdd cursors, so the order inside a
//       tile is whatever order the atomics happened in.
// bad: a thread per circle writes straight into a float image without atomics or ordering.
//
// The files, one job each:
//   binning.cu      tile pairs, CUB scan and radix sort, the adaptive two-pass good variant, the unordered one
//   render_tiles.cu the per-tile front-to-back renderer both good and unordered end in
//   render_racy.cu  the bad variant
//   animation.cu    the particle steps (the only unit with the snow noise tables in constant memory)
//   renderer.cu     CircleGpuCuda itself: upload, download, dispatch
// Kernels stay in the unit that launches them; the one kernel launched from another unit (renderTiles) is
// reached through a host-side launcher declared here, so no relocatable device code is needed.
#pragma once
#include <cstddef>
#include <cstdint>

#include "circles/circle_gpu.cuh"
#include "circles/tile_cover.cuh"
#include "core/device_buffer.hpp"

namespace racelab::circles {

inline constexpr int kTilePixels = kTileSize * kTileSize;  // one thread per pixel
// Front-to-back blending stops once the light still passing is below half an 8-bit step.
inline constexpr float kTransmittanceCutoff = 1.f / 512.f;
// Scenes with more circles than twice the first pass are drawn in two passes (nearest circles first). The
// first pass must make most tiles opaque: a pixel is done after about 9 layers (0.5^9 < 1/512), and with
// 30 layers on average (Poisson) all 256 pixels of a tile reach 9 with probability above 0.99. So the first
// pass takes the nearest 30 / (pi r^2) circles of mean radius r (screen units), and at least 32,768.
inline constexpr int kMinFirstPassCircles = 32768;
inline constexpr float kFirstPassLayers = 30.f;

struct DeviceCircles {
    const float* position;
    const float* color;
    const float* radius;
    int count;
};

// Launches renderTiles<kLoadState, kStoreState> (render_tiles.cu), one kTilePixels-thread block per tile.
// Only the three combinations the renderer uses exist: (false, false), (false, true) and (true, false).
void launchRenderTiles(bool loadState, bool storeState, unsigned tiles, cudaStream_t stream, DeviceCircles c,
                       TileGrid grid, bool snow, const unsigned* list, const unsigned* tileStart, const unsigned* tileEnd,
                       float4* state, std::uint8_t* tileDone, unsigned* opaqueTiles, std::uint8_t* out,
                       std::size_t pitch);

struct CircleGpuCuda::Impl {
    DeviceBuffer<float> position, velocity, color, radius;
    int count = 0;
    bool snow = false;
    // binning
    DeviceBuffer<unsigned> counts, offsets, keys, keysSorted, values, valuesSorted, tileStart, tileEnd;
    DeviceBuffer<std::uint8_t> cubTemp;
    DeviceBuffer<float4> floatImage, pixelState;
    DeviceBuffer<std::uint8_t> tileDone;
    DeviceBuffer<unsigned> opaqueTiles;
    float meanRadius = 0.f, meanSquaredRadius = 0.f;
    // Two passes pay off only when the first makes most tiles opaque. The renderer measures that and falls
    // back to one pass otherwise, trying two again now and then (the pixels are the same either way).
    bool twoPassesPayOff = true;
    int framesUntilRetry = 0;
    unsigned* pinnedTotal = nullptr;
    CircleRenderStats stats;

    Impl();
    ~Impl();

    DeviceCircles circles() const { return {position.data(), color.data(), radius.data(), count}; }

    // binning.cu
    template <typename CubCall>
    void runCub(CubCall call, const char* what);
    unsigned scanCounts(std::size_t n, cudaStream_t stream);
    template <bool kLoadState, bool kStoreState>
    void binAndRender(const FrameTarget& target, const TileGrid& grid, int begin, int end, bool cull);
    int firstPassCircles() const;
    int lanesFor(const TileGrid& grid) const;
    template <typename Launch>
    static void withLanes(int lanes, Launch launch);
    void renderGood(const FrameTarget& target, const TileGrid& grid);
    void renderUnordered(const FrameTarget& target, const TileGrid& grid);

    // render_racy.cu
    void renderBad(const FrameTarget& target);
};

}  // namespace racelab::circles
