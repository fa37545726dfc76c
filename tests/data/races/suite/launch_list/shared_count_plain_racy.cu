// A block counts in a shared counter with a plain +=: its threads' updates are lost.
// suite: class=scope twin=shared_count_plain verdict=race
// scene: histogram/random
// expect: read-write within B B lines 15 15
// expect: write-write within B B lines 15 15
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void countThreads() {
    __shared__ unsigned count;
    const unsigned t = threadIdx.x;
    if (t == 0) count = 0u;
    __syncthreads();
    count += 1u;  // [B]
    __syncthreads();
    if (t == 0) sink[blockIdx.x] = count;
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 256, 1));
