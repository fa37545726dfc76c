// Private to kernels/circles/: what the circle renderer's translation units share. Not for scene code (that
// includes circle_gpu.cuh only).
//
// The GPU circle renderer (CS149 asst3 semantics) in three variants, plus the particle animation:
//
// good: count the tiles each circle covers -> exclusive scan -> emit (tile, circle) pairs in circle order ->
//       CUB radix sort on the tile bits only (LSD radix sort is stable, so each tile keeps circle order) ->
//       per-tile ranges -> one 16x16 block per tile blends its circles front to back through shared memory,
//       stopping once a pixel's remaining transmittance cannot change its 8-bit value. The pair count stays
//       on the device: the sort runs over a capacity the host knows (sized from earlier frames' counts, read
//       back without waiting), past the count the keys are a sentinel that the stable sort leaves last, and
//       the ranges and the renderer read the count on the device. So a good frame never waits for the host
//       and can be one CUDA graph. Scenes of large circles (a dozen render tiles each or more, e.g. rand10k)
//       are binned into coarse tiles of 4x4 render tiles instead: a sixteenth of the pairs to count, emit and
//       sort, and each render tile keeps the circles of its coarse tile's list that pass the binning's own
//       test for it.
//       Large scenes run this twice: first for the nearest circles only, then for all the others while
//       skipping the tiles the first pass already made opaque (occlusion culling). In dense scenes such as
//       rand1M almost every tile is opaque after the first pass, so most circles are never binned.
// unordered: the same per-tile render, but tiles are filled with atomicAdd cursors, so the order inside a
//       tile is whatever order the atomics happened in.
// bad: a thread per circle writes straight into a float image without atomics or ordering.
//
// The files, one job each:
//   binning.cu          a binning pass: tile pairs counted, scanned, emitted, sorted into per-tile ranges
//   pair_capacity.cu    the pair buffers sized from a bound, then from finished frames' read-backs
//   render_good.cu      the good variant: the choice of path, one binning pass or two
//   render_unordered.cu the unordered variant (atomic tile lists)
//   coarse_lists.cu     circles listed per coarse tile by one launch, in order (no binning, no sort)
//   render_tiles.cu     the per-tile front-to-back renderer both good and unordered end in
//   render_racy.cu      the bad variant
//   animation.cu        the particle steps (the only unit with the snow noise tables in constant memory)
//   renderer.cu         CircleGpuCuda itself: upload, download, dispatch
// Kernels stay in the unit that launches them; the one kernel launched from another unit (renderTiles) is
// reached through a host-side launcher declared here, so no relocatable device code is needed.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

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
// How renderGood finds each tile's circles, from the circle count (CircleRenderPath). Binning is a chain of
// six launches around a sort, each mostly waiting on the one before, which for few circles costs more than
// testing them all. The bounds are where the H100 measured the change (docs/BENCHMARKS.md, "Circles at the
// limit", every path forced on every scene of at most 10,000 circles):
// - at most kEveryCirclePerTileMax circles (rgb, rgby, bouncingballs, hypnosis: 3 to 25): one launch, each
//   render tile tests every circle itself, 256 staged at a time, two pixels a thread (render_tiles.cu); the
//   lists below cost hypnosis 17 % more, and two pixels a thread save 14 to 24 % here;
// - at most kListedPerCoarseTileMax (fireworks, pattern, rand10k, biglittle, littlebig: 315 to 10,000):
//   ListedPerCoarseTile (coarse_lists.cu: a block per coarse tile tests every circle and a scan compacts the
//   hits into an ordered list), two launches in place of the binning chain: 1.8x faster than binning on
//   rand10k, 2.3x on pattern; 10,000 is the largest count measured, not a measured crossover;
// - above, binning (and two passes for the large scenes).
inline constexpr int kEveryCirclePerTileMax = 64;
inline constexpr int kListedPerCoarseTileMax = 10000;
// The coarse lists have room for every circle in every coarse tile; above this many entries (a frame much
// larger than 1024x1024 at the largest count) the path cannot be forced and the scene is binned.
inline constexpr std::size_t kMostListedEntries = std::size_t{1} << 24;
inline constexpr float kFirstPassLayers = 30.f;

struct DeviceCircles {
    const float* position;
    const float* color;
    const float* radius;
    int count;
};

// What the tile renderer reads per tile. For the good variant the pairs' count lives on the device: when it
// exceeds the pair buffer's capacity (an animated scene outgrew it), the binned lists are incomplete and the
// renderer instead walks every circle of [rangeBegin, rangeEnd) itself, testing each against the tile with
// the binning's own test. Same circles, same order, so the same pixels; slower, and only until the host
// sees the count (a frame or two later, without waiting) and grows the buffer.
struct TileLists {
    const unsigned* list;                // circle indices, each tile's run in blend order
    const unsigned* tileStart;           // per tile: its run in `list` (per coarse tile when coarse)
    const unsigned* tileEnd;
    const unsigned* pairCount = nullptr; // good variant: the pairs binned (device); null: the lists are complete
    unsigned capacity = 0;
    unsigned rangeBegin = 0, rangeEnd = 0;
    // Binned into coarse tiles (kCoarseTileSize): a render tile reads its coarse tile's run and keeps the
    // circles that cover it by the binning's own test, in the same order.
    bool coarse = false;
    int coarseTilesX = 0;
    // Not binned at all: every tile walks every circle of [rangeBegin, rangeEnd) (few circles; a second pass
    // skipped because every tile was opaque). Known on the host, so the blocks need not read a count first.
    bool walkAll = false;
};

// Launches renderTiles<kLoadState, kStoreState, kPixels> (render_tiles.cu), one block per tile of `grid` (a 2D
// launch grid of its tiles) of kTilePixels / pixelsPerThread threads. Only the three (load, store) combinations
// the renderer uses exist: (false, false), (false, true) and (true, false); pixelsPerThread is 1 or 2.
void launchRenderTiles(bool loadState, bool storeState, int pixelsPerThread, cudaStream_t stream,
                       DeviceCircles c, TileGrid grid, bool snow, const TileLists& lists, float4* state,
                       std::uint8_t* tileDone, unsigned* opaqueTiles, std::uint8_t* out, std::size_t pitch);

// The pair buffers: the count of a frame's pairs stays on the device, so they are sized from earlier frames'
// counts (FrameReadback) with headroom, per pass. Slots past the count hold a sentinel key (the last tile's
// id) that the stable sort leaves after every real pair.
inline constexpr unsigned kMinPairCapacity = 4096;
struct PairBuffers {
    DeviceBuffer<unsigned> keys, values, keysSorted, valuesSorted;
};

// Upper bound of the (tile, circle) pairs `radius` can give on `grid`, wherever the circles are (the span of
// each circle's CS149 pixel box in tiles, rounded up by a pixel each way for float rounding).
// `grid` is cut into tiles of `side` pixels.
std::size_t pairBound(const float* radius, std::size_t count, const TileGrid& grid, int side);

struct CircleGpuCuda::Impl {
    DeviceBuffer<float> position, velocity, color, radius;
    std::vector<float> hostRadius;  // the radii uploaded, for the pair buffer's first capacity
    int count = 0;
    bool snow = false;
    // binning
    DeviceBuffer<unsigned> counts, offsets, tileStart, tileEnd;
    PairBuffers pairs;
    // Per binning pass: [0] one pass over every circle, [1] and [2] the two passes of the two-pass mode (their
    // counts differ by an order of magnitude, and the renderer switches modes).
    unsigned pairCapacity[3] = {0, 0, 0};
    unsigned capacityTiles = 0;  // the grid the capacities were sized for (its render tiles; 0: none yet)
    int capacityWidth = 0, capacityHeight = 0;
    bool capacityCoarse = false;
    DeviceBuffer<std::uint8_t> cubTemp;
    DeviceBuffer<float4> floatImage, pixelState;
    DeviceBuffer<std::uint8_t> tileDone;
    DeviceBuffer<unsigned> opaqueTiles;
    float meanRadius = 0.f, meanSquaredRadius = 0.f;
    // Two passes pay off only when the first makes most tiles opaque. The renderer learns that from a
    // finished frame's read-back and falls back to one pass otherwise, trying two again now and then (the
    // pixels are the same either way).
    // Each retry that fails again doubles the wait before the next (kFirstRetryFrames up to kLongestRetryFrames):
    // a retry is a slow frame (the two-pass launches and a graph of another shape; the first two on snow took
    // 6 ms, for a reason not yet traced), and snow, where two passes never pay off, had one every 120 frames.
    static constexpr int kFirstRetryFrames = 120, kLongestRetryFrames = 7680;
    bool twoPassesPayOff = true;
    int framesUntilRetry = 0;
    int retryInterval = kFirstRetryFrames;
    // The last finished two-pass frame had every tile opaque after its first pass: the second pass then bins
    // nothing (rand100k's usual case at 1024x1024), so it is not binned at all. Its renderer walks every
    // circle of the pass itself where a tile is not opaque this time after all: the same pixels, only slower,
    // and the read-back turns binning back on for the next frames.
    bool skipSecondBinning = false;
    // Every circle of [begin, end) tested by the renderer itself, per tile (no binning).
    static TileLists everyCircle(int begin, int end) {
        TileLists lists{};
        lists.rangeBegin = static_cast<unsigned>(begin);
        lists.rangeEnd = static_cast<unsigned>(end);
        lists.walkAll = true;
        return lists;
    }
    unsigned* pinnedTotal = nullptr;  // the unordered variant's pair count (it waits for it)
    // What a good frame tells the host, copied into pinned memory on the stream and read once that frame's
    // event has completed (cudaEventQuery: the host never waits for it). A small ring, so frames in flight
    // do not overwrite a slot the host has not read.
    struct FrameReadback {
        unsigned pairs[2];  // per pass, as counted on the device (may exceed the capacity); kNotBinned: skipped
        unsigned capacity[2];  // per pass, the pair buffer's capacity it binned into (above it: walked every circle)
        unsigned opaque;    // tiles opaque after the first of two passes
        unsigned passes;
        unsigned tiles;     // render tiles
        unsigned coarse;    // one pass binned into coarse tiles
    };
    static constexpr int kReadbackSlots = 4;
    static constexpr unsigned kNotBinned = 0xffffffffu;
    FrameReadback* readback = nullptr;
    cudaEvent_t readbackDone[kReadbackSlots] = {};
    bool readbackPending[kReadbackSlots] = {};
    int nextReadback = 0;
    CircleRenderStats stats;

    Impl();
    ~Impl();

    DeviceCircles circles() const { return {position.data(), color.data(), radius.data(), count}; }

    // binning.cu
    void scanCounts(std::size_t n, cudaStream_t stream);
    // capacityIndex: which of pairCapacity; pass: which of the read-back's pair counts.
    // coarse: bin into coarse tiles (one pass without culling only).
    template <bool kLoadState, bool kStoreState>
    void binAndRender(const FrameTarget& target, const TileGrid& grid, int begin, int end, bool cull,
                      FrameReadback* slot, int pass, int capacityIndex, bool coarse = false);
    int lanesFor(const TileGrid& grid, int side) const;
    template <typename Launch>
    static void withLanes(int lanes, bool coarse, Launch launch);
    // pair_capacity.cu
    void fitPairCapacity(const TileGrid& grid, bool coarse);
    void absorbReadbacks();
    // render_good.cu
    int firstPassCircles() const;
    void renderGood(const FrameTarget& target, const TileGrid& grid);
    CircleRenderPath pathFor(const TileGrid& grid) const;
    // The tile render of every path: `lists` says which circles each tile blends; loadState and storeState
    // continue from or keep the two-pass mode's pixel state; pixels a thread as this frame's stats say (set by
    // renderGood and renderUnordered, from pixelsPerThreadFor).
    void drawTiles(bool loadState, bool storeState, const FrameTarget& target, const TileGrid& grid, const TileLists& lists) {
        launchRenderTiles(loadState, storeState, stats.pixelsPerThread, target.stream, circles(), grid, snow, lists,
                          pixelState.data(), tileDone.data(), opaqueTiles.data(), target.pixels, target.pitchBytes);
    }
    // Forced by faultInjection() when this GPU half is made (RACELAB_CIRCLES_PIXELS_PER_THREAD,
    // RACELAB_CIRCLES_PATH): the tile render's pixels a thread (0: chosen by pixelsPerThreadFor), and a path
    // where it can draw the scene (-1: chosen from the count). The pixels are the same either way.
    int forcedPixelsPerThread = 0;
    int forcedPath = -1;
    // Two pixels a thread where every circle is tested per tile and on the lists per coarse tile (large circles:
    // a thread's second pixel reuses the circle it loaded, and the block's per-tile setup serves twice the
    // pixels); one when binned, where micro2M measured 15 to 17 % slower with two.
    int pixelsPerThreadFor(CircleRenderPath path) const {
        if (forcedPixelsPerThread) return forcedPixelsPerThread;
        return path == CircleRenderPath::Binned ? 1 : 2;
    }
    // coarse_lists.cu
    void renderListedPerCoarseTile(const FrameTarget& target, const TileGrid& grid);
    // render_unordered.cu
    unsigned scanCountsToHost(std::size_t n, cudaStream_t stream);
    void renderUnordered(const FrameTarget& target, const TileGrid& grid);

    // render_racy.cu
    void renderBad(const FrameTarget& target);
};

}  // namespace racelab::circles
