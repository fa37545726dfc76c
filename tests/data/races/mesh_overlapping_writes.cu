// Overlapping writes: each pixel's thread writes its own depth and its right-hand neighbour's, so two threads
// write every depth but the first of a row.
// scene: mesh/torus
// size: 256x256
// expect: write-write within A B
#include <racelab/mesh.cuh>

__device__ int* depth;
RACELAB_SCRATCH(RACELAB_BUFFER(depth, RACELAB_PIXELS, 1))

__global__ void castRays() {
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= meshParams.width || y >= meshParams.height) return;
    depth[y * meshParams.width + x] = x;  // [A]
    if (x + 1 < meshParams.width) depth[y * meshParams.width + x + 1] = x;  // [B]
    meshParams.hit[y * meshParams.width + x] = static_cast<unsigned char>((x + y) & 1);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, 16, 16));
