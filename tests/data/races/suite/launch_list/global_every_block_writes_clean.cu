// The twin of global_every_block_writes_racy.cu: only block 0 writes it.
// suite: class=global-blocks twin=global_every_block_writes verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned result;

__global__ void report() {
    if (threadIdx.x == 0 && blockIdx.x == 0) result = blockIdx.x;
}

RACELAB_LAUNCHES(RACELAB_FIXED(report, 8, 1, 64, 1));
