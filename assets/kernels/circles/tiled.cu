// A tiled circle renderer in the style of a CS149 asst3 solution: bin the circles into 16x16 pixel tiles,
// then one block per tile blends, for each of its pixels, the circles that touch the tile in index order.
//
//   1. binCircles (one thread per circle): for every tile of the circle's box, take a slot in that tile's
//      list (an atomic counter per tile), so each tile learns the circles that may touch it, in no order.
//   2. renderTiles (one 16x16 block per tile): the block loads its list, sorts it by circle index (CUB's block
//      radix sort), and each thread blends the sorted circles into its own pixel.
// A tile whose list overflowed (more than 2048 circles touch it), and every tile of a scene with at most 2048
// circles, takes the simple path instead: the block walks all circles 256 at a time, each thread tests one
// circle's box against the tile, and a block-wide scan (CUB) places the hits in shared memory in order.
// Every pixel belongs to one thread and sees its circles in order: no race, the course's picture.
#include <racelab/circles.cuh>

#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>

constexpr int kTile = 16;
constexpr int kThreads = kTile * kTile;
constexpr int kKeysPerThread = 8;
constexpr int kListCapacity = kThreads * kKeysPerThread;  // circles a tile's list holds: 2048
constexpr int kSlotsPerPixel = kListCapacity / kThreads;   // the lists' scratch: 8 ints a pixel

__device__ int* tileCounts;  // per tile: circles that touch its box (may exceed the list's capacity)
__device__ int* tileLists;   // per tile: `capacity` slots of circle indices, in no order

struct Tiles {
    int across, down, capacity;
};

__device__ Tiles tilesOfFrame() {
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    Tiles t;
    t.across = (width + kTile - 1) / kTile;
    t.down = (height + kTile - 1) / kTile;
    // The scratch holds kSlotsPerPixel ints a pixel: 2048 a full tile; a frame of partial tiles gets fewer.
    t.capacity = min(kListCapacity, kSlotsPerPixel * width * height / (t.across * t.down));
    return t;
}

// The tiles circle i's pixel box covers (x0, y0, x1, y1), empty (x0 > x1) when it is off screen.
__device__ int4 tileBox(int i) {
    float3 p = *(float3*)&cuConstRendererParams.position[3 * i];
    float rad = cuConstRendererParams.radius[i];
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    // The pixel box the course's renderer shades, clamped to the image.
    int minX = max(0, min(width, static_cast<int>(width * (p.x - rad))));
    int maxX = max(0, min(width, static_cast<int>(width * (p.x + rad)) + 1));
    int minY = max(0, min(height, static_cast<int>(height * (p.y - rad))));
    int maxY = max(0, min(height, static_cast<int>(height * (p.y + rad)) + 1));
    return (minX < maxX && minY < maxY) ? make_int4(minX / kTile, minY / kTile, (maxX - 1) / kTile, (maxY - 1) / kTile)
                                        : make_int4(1, 1, 0, 0);
}

// Scenes of few circles skip the lists: walking them all is as quick as binning them.
__device__ bool binned() { return cuConstRendererParams.numCircles > kListCapacity; }

__global__ void binCircles() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (!binned() || i >= cuConstRendererParams.numCircles) return;
    Tiles tiles = tilesOfFrame();
    int4 box = tileBox(i);
    for (int ty = box.y; ty <= box.w; ++ty)
        for (int tx = box.x; tx <= box.z; ++tx) {
            int tile = ty * tiles.across + tx;
            int slot = atomicAdd(&tileCounts[tile], 1);
            if (slot < tiles.capacity) tileLists[tile * tiles.capacity + slot] = i;
        }
}

__global__ void renderTiles() {
    using Scan = cub::BlockScan<int, kTile, cub::BLOCK_SCAN_RAKING, kTile>;
    using Sort = cub::BlockRadixSort<int, kTile, kKeysPerThread, cub::NullType, 4, true, cub::BLOCK_SCAN_WARP_SCANS,
                                     cudaSharedMemBankSizeFourByte, kTile>;
    __shared__ union {
        typename Scan::TempStorage scan;
        typename Sort::TempStorage sort;
    } storage;
    __shared__ int circles[kListCapacity];  // the circles to blend, in index order

    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    int tileX = blockIdx.x, tileY = blockIdx.y;
    int x = tileX * kTile + threadIdx.x, y = tileY * kTile + threadIdx.y;
    int thread = threadIdx.y * kTile + threadIdx.x;
    bool inside = x < width && y < height;

    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (min(y, height - 1) * width + min(x, width - 1))];
    float4 pixel = inside ? *out : make_float4(0.f, 0.f, 0.f, 0.f);
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + .5f));
    int n = cuConstRendererParams.numCircles;

    Tiles tiles = tilesOfFrame();
    int tile = tileY * tiles.across + tileX;
    int count = binned() ? tileCounts[tile] : 0;
    if (binned() && count <= tiles.capacity) {
        // The tile's list, sorted by circle index: slots past the count sort last (every bit set).
        int keys[kKeysPerThread];
        for (int k = 0; k < kKeysPerThread; ++k) {
            int slot = thread * kKeysPerThread + k;
            keys[k] = slot < count ? tileLists[tile * tiles.capacity + slot] : 0x7fffffff;
        }
        int bits = 32 - __clz(n);  // circle indices are below 2^bits
        Sort(storage.sort).Sort(keys, 0, bits);
        for (int k = 0; k < kKeysPerThread; ++k) circles[thread * kKeysPerThread + k] = keys[k];
        __syncthreads();
        if (inside)
            for (int h = 0; h < count; ++h) blendCircleInto(circles[h], center, pixel);
    } else {
        for (int first = 0; first < n; first += kThreads) {
            int i = first + thread;
            int hit = 0;
            if (i < n) {
                int4 box = tileBox(i);
                hit = box.x <= tileX && tileX <= box.z && box.y <= tileY && tileY <= box.w;
            }
            int place, total;
            Scan(storage.scan).ExclusiveSum(hit, place, total);
            if (hit) circles[place] = i;
            __syncthreads();
            if (inside)
                for (int h = 0; h < total; ++h) blendCircleInto(circles[h], center, pixel);
            __syncthreads();  // the hits and the scan's storage are reused by the next 256 circles
        }
    }
    if (inside) *out = pixel;
}

RACELAB_SCRATCH(RACELAB_BUFFER(tileCounts, RACELAB_PIXELS, 1), RACELAB_BUFFER(tileLists, RACELAB_PIXELS, kSlotsPerPixel));
RACELAB_LAUNCHES(RACELAB_PER_ITEM(binCircles, RACELAB_CIRCLES, 256),
                 RACELAB_PER_PIXEL(renderTiles, kTile, kTile));
