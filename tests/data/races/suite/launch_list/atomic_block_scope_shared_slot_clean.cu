// The twin of atomic_block_scope_shared_slot_racy.cu: a slot for every block, which only its own threads touch:
// the block scope holds every thread that shares it.
// suite: class=scope twin=atomic_block_scope_shared_slot verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned perBlock[8];

__global__ void countThreads() {
    atomicAdd_block(&perBlock[blockIdx.x], 1u);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 64, 1));
