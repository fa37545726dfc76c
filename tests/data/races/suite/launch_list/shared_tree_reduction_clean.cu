// The twin of shared_tree_reduction_racy.cu: a __syncthreads() after every step.
// suite: class=shared-barrier twin=shared_tree_reduction verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void sumBlock() {
    __shared__ unsigned partial[256];
    const unsigned t = threadIdx.x;
    partial[t] = t;
    __syncthreads();
    for (unsigned half = 128; half > 0; half /= 2) {
        if (t < half) partial[t] += partial[t + half];
        __syncthreads();
    }
    if (t == 0) sink[blockIdx.x] = partial[0];
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumBlock, 8, 1, 256, 1));
