// The twin of global_counter_plain_racy.cu: atomicAdd.
// suite: class=global-blocks twin=global_counter_plain verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned total;

__global__ void countBlocks() {
    if (threadIdx.x == 0) atomicAdd(&total, 1u);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countBlocks, 8, 1, 64, 1));
