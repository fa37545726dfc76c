// The twin of global_within_block_racy.cu: a __syncthreads() between the writes and the reads.
// suite: class=global-blocks twin=global_within_block verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void exchange() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i * 2u;
    __syncthreads();
    sink[i] = cells[blockIdx.x * 256 + (threadIdx.x + 255) % 256];
}

RACELAB_LAUNCHES(RACELAB_FIXED(exchange, 8, 1, 256, 1));
