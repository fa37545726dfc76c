// Threads count with atomicAdd while one thread reads the count with a plain load: an atomic is atomic only
// against other atomics.
// suite: class=atomic-plain twin=atomic_then_plain_read verdict=race
// scene: histogram/random
// expect: read-write within A B lines 12 13
#include <racelab/histogram.cuh>

__device__ unsigned hits;
__device__ unsigned sink[1];

__global__ void countHits() {
    if (threadIdx.x == 0) sink[0] = hits;  // [A]
    atomicAdd(&hits, 1u);                  // [B]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countHits, 1, 1, 256, 1));
