// Overlapping writes: each pixel's thread marks its own hit and its right-hand neighbour's, so two threads
// write every byte but the first of a row. (The marks are one byte each: four pixels share a word.)
// scene: mesh/torus
// size: 256x256
// expect: write-write within A B
#include <racelab/mesh.cuh>

__global__ void castRays() {
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= meshParams.width || y >= meshParams.height) return;
    const unsigned char mark = static_cast<unsigned char>((x + y) & 1);
    meshParams.hit[y * meshParams.width + x] = mark;  // [A]
    if (x + 1 < meshParams.width) meshParams.hit[y * meshParams.width + x + 1] = mark;  // [B]
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(castRays, 16, 16));
