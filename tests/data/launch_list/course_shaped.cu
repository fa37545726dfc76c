// A correct circle renderer shaped like a CS149 solution's render(), written with the launch list's wider
// contract instead of host code: what such a solution does on the host, racelab does for the file.
//   setup():           the tiles' boxes, made once a scene (RACELAB_SETUP) into a buffer kept from frame to frame
//                      (RACELAB_NO_ZERO_FILL)
//   a host loop over chunks of 1,024 circles: countPairs, launched once a chunk (RACELAB_REPEAT_PER) with the
//                      chunk's index as its argument (RACELAB_ARG_INDEX): each tile counts the chunk's circles
//                      that reach it
//   an exclusive scan: scanCounts, one thread, writes each tile's list offset and the pair count
//   cudaMalloc sized by a count read back: pairs holds pairCount elements (RACELAB_BUFFER_COUNTED); the
//                      first frame finds it too small, racelab makes it larger and runs the frame again
//   a host loop over passes whose number the GPU decided: tally, launched scanPasses times
//                      (RACELAB_REPEAT_COUNT), each pass adding its index + 1 (the frame is drawn only if
//                      the tally is 1 + 2)
//   fillLists:         a 1-D block of 256 threads per 16x16 tile (RACELAB_PER_TILE_1D), each tile's circles in
//                      order by a block-wide scan, written only below the buffer's capacity
//   renderTiles:       a 16x16 block per 16x16 tile (RACELAB_PER_TILE) walks its tile's list in order
// Kernels take their buffers as arguments (RACELAB_ARGS). No two threads write one pixel, and every pixel sees
// its circles in order: no race, the course's picture.
#include <racelab/circles.cuh>

#include <cub/block/block_scan.cuh>

#include "circleBoxTest.cu_inl"

constexpr int kTile = 16;
constexpr int kChunk = 1024;
constexpr int kFillThreads = 256;

__device__ float4* tileBoxes;  // per tile: left, right, bottom, top, in the circles' units
__device__ int* tileCounts;    // per tile: the circles that reach it
__device__ int* tileOffsets;   // per tile: where its list starts in pairs
__device__ int* pairs;         // every tile's circles in order, tile after tile
__device__ int pairCount;      // the pairs this frame needs
__device__ int scanPasses;     // set by scanCounts
__device__ int* tally;         // what the passes add up

__device__ bool reaches(int circle, float4 box) {
    const float3 p = *(float3*)&cuConstRendererParams.position[3 * circle];
    return circleInBoxConservative(p.x, p.y, cuConstRendererParams.radius[circle], box.x, box.y, box.w, box.z) != 0;
}

__global__ void makeTileBoxes(float4* boxes, int tiles, int width, int height) {
    const int tile = blockIdx.x * blockDim.x + threadIdx.x;
    if (tile >= tiles) return;
    const int across = (width + kTile - 1) / kTile;
    const int x = tile % across, y = tile / across;
    boxes[tile] = make_float4(float(x * kTile) / width, float((x + 1) * kTile) / width, float(y * kTile) / height,
                              float((y + 1) * kTile) / height);
}

// Block b is tile b: it counts the circles of chunk `chunk` that reach it. One block a tile and one launch a
// chunk, so the plain += of thread 0 has no rival.
__global__ void countPairs(int chunk, int* counts, const float4* boxes, int circles) {
    typedef cub::BlockScan<int, kFillThreads> Scan;
    __shared__ typename Scan::TempStorage scratch;
    const float4 box = boxes[blockIdx.x];
    int found = 0;
    for (int i = chunk * kChunk + threadIdx.x; i < min(circles, (chunk + 1) * kChunk); i += kFillThreads) found += reaches(i, box);
    int total = 0;
    Scan(scratch).ExclusiveSum(found, found, total);
    if (threadIdx.x == 0) counts[blockIdx.x] += total;
}

__global__ void scanCounts(const int* counts, int* offsets, int tiles) {
    int sum = 0;
    for (int t = 0; t < tiles; ++t) offsets[t] = sum, sum += counts[t];
    pairCount = sum;
    scanPasses = 2;
}

__global__ void addPass(int pass, int* sum) { *sum += pass + 1; }

// Block b lists tile b's circles in order: 256 circles at a time, a thread a circle, a block-wide scan places
// the hits. Nothing is written at or past `capacity`, the elements pairs holds.
__global__ void fillLists(const int* offsets, int* list, long long capacity, const float4* boxes) {
    typedef cub::BlockScan<int, kFillThreads> Scan;
    __shared__ typename Scan::TempStorage scratch;
    const float4 box = boxes[blockIdx.x];
    int placed = offsets[blockIdx.x];
    for (int base = 0; base < cuConstRendererParams.numCircles; base += kFillThreads) {
        const int circle = base + threadIdx.x;
        const int hit = circle < cuConstRendererParams.numCircles && reaches(circle, box);
        int at = 0, hits = 0;
        Scan(scratch).ExclusiveSum(hit, at, hits);
        if (hit && placed + at < capacity) list[placed + at] = circle;
        placed += hits;
        __syncthreads();  // the scan's storage is used again
    }
}

__global__ void renderTiles(const int* offsets, const int* counts, const int* list, const int* sum) {
    const int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    const int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
    if (x >= width || y >= height) return;
    const int tile = blockIdx.y * gridDim.x + blockIdx.x;
    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
    float4 pixel = *out;
    const float2 center = make_float2((x + .5f) / width, (y + .5f) / height);
    for (int k = 0; k < counts[tile]; ++k) blendCircleInto(list[offsets[tile] + k], center, pixel);
    if (*sum != 1 + 2) pixel = make_float4(1.f, 0.f, 1.f, 1.f);  // the passes did not run as the count said
    *out = pixel;
}

RACELAB_SCRATCH(RACELAB_BUFFER(tileBoxes, RACELAB_TILES16, 1, RACELAB_NO_ZERO_FILL),
                RACELAB_BUFFER(tileCounts, RACELAB_TILES16, 1),
                RACELAB_BUFFER(tileOffsets, RACELAB_TILES16, 1),
                RACELAB_BUFFER_COUNTED(pairs, pairCount, 1),
                RACELAB_BUFFER(tally, RACELAB_FIXED_COUNT, 1));
RACELAB_SETUP(RACELAB_PER_ITEM(makeTileBoxes, RACELAB_TILES16, 256,
                               RACELAB_ARGS(RACELAB_ARG_BUFFER(tileBoxes), RACELAB_ARG_SIZE(RACELAB_TILES16), RACELAB_ARG_WIDTH(),
                                            RACELAB_ARG_HEIGHT())));
RACELAB_LAUNCHES(
    RACELAB_PER_TILE_1D(countPairs, kTile, kTile, kFillThreads, 1, RACELAB_REPEAT_PER(RACELAB_CIRCLES, kChunk),
                        RACELAB_ARGS(RACELAB_ARG_INDEX(), RACELAB_ARG_BUFFER(tileCounts), RACELAB_ARG_BUFFER(tileBoxes),
                                     RACELAB_ARG_SIZE(RACELAB_CIRCLES))),
    RACELAB_FIXED(scanCounts, 1, 1, 1, 1,
                  RACELAB_ARGS(RACELAB_ARG_BUFFER(tileCounts), RACELAB_ARG_BUFFER(tileOffsets), RACELAB_ARG_SIZE(RACELAB_TILES16))),
    RACELAB_FIXED(addPass, 1, 1, 1, 1, RACELAB_REPEAT_COUNT(scanPasses), RACELAB_ARGS(RACELAB_ARG_INDEX(), RACELAB_ARG_BUFFER(tally))),
    RACELAB_PER_TILE_1D(fillLists, kTile, kTile, kFillThreads, 1,
                        RACELAB_ARGS(RACELAB_ARG_BUFFER(tileOffsets), RACELAB_ARG_BUFFER(pairs), RACELAB_ARG_CAPACITY(pairs),
                                     RACELAB_ARG_BUFFER(tileBoxes))),
    RACELAB_PER_TILE(renderTiles, kTile, kTile, kTile, kTile,
                     RACELAB_ARGS(RACELAB_ARG_BUFFER(tileOffsets), RACELAB_ARG_BUFFER(tileCounts), RACELAB_ARG_BUFFER(pairs),
                                  RACELAB_ARG_BUFFER(tally))));
