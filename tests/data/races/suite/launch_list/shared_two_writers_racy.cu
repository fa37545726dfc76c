// Two threads write one shared slot (an index halved for a pair of threads): the slot keeps whichever wrote last.
// suite: class=shared-barrier twin=shared_two_writers verdict=race
// scene: histogram/random
// expect: write-write within A A lines 12 12
#include <racelab/histogram.cuh>

__device__ unsigned sink[1024];

__global__ void pairUp() {
    __shared__ unsigned slots[128];
    const unsigned t = threadIdx.x;
    slots[t / 2] = t;  // [A]
    __syncthreads();
    if (t < 128) sink[blockIdx.x * 128 + t] = slots[t];
}

RACELAB_LAUNCHES(RACELAB_FIXED(pairUp, 8, 1, 256, 1));
