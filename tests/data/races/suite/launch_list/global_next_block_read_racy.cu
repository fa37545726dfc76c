// Each block writes its part of a global array and reads the next block's part after a __syncthreads(): a
// barrier orders one block's threads, never two blocks.
// suite: class=global-blocks twin=global_next_block_read verdict=race
// scene: histogram/random
// expect: read-write across A B lines 15 13
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void smooth() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i;                         // [B]
    __syncthreads();
    sink[i] = cells[(i + 256) % 2048];  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(smooth, 8, 1, 256, 1));
