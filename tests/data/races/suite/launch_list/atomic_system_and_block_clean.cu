// The twin of atomic_system_and_block_racy.cu: system-scoped and GPU-scoped additions, both wide enough.
// suite: class=scope twin=atomic_system_and_block verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned counter;

__global__ void countThreads() {
    if (blockIdx.x % 2)
        atomicAdd_system(&counter, 1u);
    else
        atomicAdd(&counter, 1u);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 64, 1));
