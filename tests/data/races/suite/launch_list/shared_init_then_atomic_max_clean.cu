// The twin of shared_init_then_atomic_max_racy.cu: a __syncthreads() after the clearing.
// suite: class=atomic-plain twin=shared_init_then_atomic_max verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void largest() {
    __shared__ unsigned best;
    const unsigned t = threadIdx.x;
    if (t == 0) best = 0u;
    __syncthreads();
    atomicMax(&best, t * 7u % 13u);
    __syncthreads();
    if (t == 0) sink[blockIdx.x] = best;
}

RACELAB_LAUNCHES(RACELAB_FIXED(largest, 8, 1, 256, 1));
