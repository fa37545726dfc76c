// The twin of atomic_then_plain_read_racy.cu: the count read by an atomic too.
// suite: class=atomic-plain twin=atomic_then_plain_read verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned hits;
__device__ unsigned sink[1];

__global__ void countHits() {
    if (threadIdx.x == 0) sink[0] = atomicAdd(&hits, 0u);
    atomicAdd(&hits, 1u);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countHits, 1, 1, 256, 1));
