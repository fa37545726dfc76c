// The twin of shared_count_plain_racy.cu: atomicAdd_block, whose block scope holds every thread that shares
// the counter.
// suite: class=scope twin=shared_count_plain verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void countThreads() {
    __shared__ unsigned count;
    const unsigned t = threadIdx.x;
    if (t == 0) count = 0u;
    __syncthreads();
    atomicAdd_block(&count, 1u);
    __syncthreads();
    if (t == 0) sink[blockIdx.x] = count;
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 256, 1));
