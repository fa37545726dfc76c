// One thread resets a counter with a plain store while the others add to it with atomicAdd.
// suite: class=atomic-plain twin=atomic_then_plain_store verdict=race
// scene: histogram/random
// expect: write-write within A B lines 10 11
#include <racelab/histogram.cuh>

__device__ unsigned hits;

__global__ void countHits() {
    if (threadIdx.x == 0) hits = 0u;  // [A]
    atomicAdd(&hits, 1u);             // [B]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countHits, 1, 1, 256, 1));
