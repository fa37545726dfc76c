// A tiled circle renderer in the style of a CS149 asst3 solution: bin the circles into 16x16 pixel tiles,
// then one block per tile blends, for each of its pixels, the circles that touch the tile in index order.
//
//   1. boundCircles (one thread per circle): each circle's box of tiles, into a scratch buffer.
//   2. renderTiles (one 16x16 block per tile): the block walks the circles 256 at a time; each thread tests
//      one circle's box against the tile, a block-wide exclusive scan (CUB) gives every hit its place, so the
//      hits land in shared memory in index order; then each thread blends them into its own pixel.
// Every pixel belongs to one thread and sees its circles in order: no race, the course's picture.
#include <racelab/circles.cuh>

#include <cub/block/block_scan.cuh>

constexpr int kTile = 16;
constexpr int kThreads = kTile * kTile;

__device__ int4* circleTiles;  // per circle: first and last tile column and row it may touch (x0, y0, x1, y1)

__global__ void boundCircles() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cuConstRendererParams.numCircles) return;
    float3 p = *(float3*)&cuConstRendererParams.position[3 * i];
    float rad = cuConstRendererParams.radius[i];
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    // The pixel box the course's renderer shades, clamped to the image (empty when off screen).
    int minX = max(0, min(width, static_cast<int>(width * (p.x - rad))));
    int maxX = max(0, min(width, static_cast<int>(width * (p.x + rad)) + 1));
    int minY = max(0, min(height, static_cast<int>(height * (p.y - rad))));
    int maxY = max(0, min(height, static_cast<int>(height * (p.y + rad)) + 1));
    circleTiles[i] = (minX < maxX && minY < maxY)
                         ? make_int4(minX / kTile, minY / kTile, (maxX - 1) / kTile, (maxY - 1) / kTile)
                         : make_int4(1, 1, 0, 0);
}

__global__ void renderTiles() {
    using Scan = cub::BlockScan<int, kTile, cub::BLOCK_SCAN_RAKING, kTile>;
    __shared__ typename Scan::TempStorage scanStorage;
    __shared__ int hits[kThreads];

    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    int tileX = blockIdx.x, tileY = blockIdx.y;
    int x = tileX * kTile + threadIdx.x, y = tileY * kTile + threadIdx.y;
    int thread = threadIdx.y * kTile + threadIdx.x;
    bool inside = x < width && y < height;

    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (min(y, height - 1) * width + min(x, width - 1))];
    float4 pixel = inside ? *out : make_float4(0.f, 0.f, 0.f, 0.f);
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + .5f));

    int n = cuConstRendererParams.numCircles;
    for (int first = 0; first < n; first += kThreads) {
        int i = first + thread;
        int hit = 0;
        if (i < n) {
            int4 box = circleTiles[i];
            hit = box.x <= tileX && tileX <= box.z && box.y <= tileY && tileY <= box.w;
        }
        int place, total;
        Scan(scanStorage).ExclusiveSum(hit, place, total);
        if (hit) hits[place] = i;
        __syncthreads();
        if (inside)
            for (int h = 0; h < total; ++h) blendCircleInto(hits[h], center, pixel);
        __syncthreads();  // hits and the scan's storage are reused by the next 256 circles
    }
    if (inside) *out = pixel;
}

RACELAB_SCRATCH(RACELAB_BUFFER(circleTiles, RACELAB_CIRCLES, 1));
RACELAB_LAUNCHES(RACELAB_PER_ITEM(boundCircles, RACELAB_CIRCLES, 256),
                 RACELAB_PER_PIXEL(renderTiles, kTile, kTile));
