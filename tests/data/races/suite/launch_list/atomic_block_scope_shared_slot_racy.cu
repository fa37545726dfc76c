// atomicAdd_block on a global slot that two blocks share (a slot for every two blocks).
// suite: class=scope twin=atomic_block_scope_shared_slot verdict=race
// scene: histogram/random
// expect: write-write across A A lines 10 10
#include <racelab/histogram.cuh>

__device__ unsigned perBlock[8];

__global__ void countThreads() {
    atomicAdd_block(&perBlock[blockIdx.x / 2], 1u);  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 64, 1));
