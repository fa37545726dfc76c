// The twin of shared_two_writers_racy.cu: only the even thread of each pair writes.
// suite: class=shared-barrier twin=shared_two_writers verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[1024];

__global__ void pairUp() {
    __shared__ unsigned slots[128];
    const unsigned t = threadIdx.x;
    if (t % 2 == 0) slots[t / 2] = t;
    __syncthreads();
    if (t < 128) sink[blockIdx.x * 128 + t] = slots[t];
}

RACELAB_LAUNCHES(RACELAB_FIXED(pairUp, 8, 1, 256, 1));
