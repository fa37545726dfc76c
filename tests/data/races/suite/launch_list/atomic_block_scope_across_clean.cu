// The twin of atomic_block_scope_across_racy.cu: atomicAdd, whose scope is the GPU.
// suite: class=scope twin=atomic_block_scope_across verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned counter;

__global__ void countThreads() {
    atomicAdd(&counter, 1u);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 64, 1));
