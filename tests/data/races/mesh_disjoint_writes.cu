// The twin of mesh_overlapping_writes.cu: each thread writes its own depth alone, and its own pixel's hit byte.
// Neighbouring threads write bytes of one word of the hits, which is no race: no byte is written twice.
// scene: mesh/torus
// size: 256x256
// expect: none
#include <racelab/mesh.cuh>

__device__ int* depth;
RACELAB_SCRATCH(RACELAB_BUFFER(depth, RACELAB_PIXELS, 1))

__global__ void castRays() {
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= meshParams.width || y >= meshParams.height) return;
    depth[y * meshParams.width + x] = x;
    meshParams.hit[y * meshParams.width + x] = static_cast<unsigned char>((x + y) & 1);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, 16, 16));
