// Odd blocks add with atomicAdd_system, even ones with atomicAdd_block, to one counter: the block-scoped
// additions are not atomic to the other blocks.
// suite: class=scope twin=atomic_system_and_block verdict=race
// scene: histogram/random
// expect: write-write across A B lines 12 14
#include <racelab/histogram.cuh>

__device__ unsigned counter;

__global__ void countThreads() {
    if (blockIdx.x % 2)
        atomicAdd_system(&counter, 1u);  // [A]
    else
        atomicAdd_block(&counter, 1u);  // [B]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 64, 1));
