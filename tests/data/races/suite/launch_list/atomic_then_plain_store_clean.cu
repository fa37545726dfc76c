// The twin of atomic_then_plain_store_racy.cu: the reset is an atomicExch.
// suite: class=atomic-plain twin=atomic_then_plain_store verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned hits;

__global__ void countHits() {
    if (threadIdx.x == 0) atomicExch(&hits, 0u);
    atomicAdd(&hits, 1u);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countHits, 1, 1, 256, 1));
