// The twin of global_next_block_read_racy.cu: each block reads its own part, which its barrier orders.
// suite: class=global-blocks twin=global_next_block_read verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void smooth() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i;
    __syncthreads();
    sink[i] = cells[blockIdx.x * 256 + (threadIdx.x + 1) % 256];
}

RACELAB_LAUNCHES(RACELAB_FIXED(smooth, 8, 1, 256, 1));
