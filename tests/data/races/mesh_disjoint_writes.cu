// The twin of mesh_overlapping_writes.cu: each thread writes its own pixel's byte alone. Neighbouring threads
// write bytes of one word, which is no race: no byte is written twice.
// scene: mesh/torus
// size: 256x256
// expect: none
#include <racelab/mesh.cuh>

__global__ void castRays() {
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= meshParams.width || y >= meshParams.height) return;
    meshParams.hit[y * meshParams.width + x] = static_cast<unsigned char>((x + y) & 1);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, 16, 16));
