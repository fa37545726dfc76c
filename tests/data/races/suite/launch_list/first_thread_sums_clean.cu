// The twin of first_thread_sums_racy.cu: a __syncthreads() before the sum.
// suite: class=shared-barrier twin=first_thread_sums verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void sumValues() {
    __shared__ unsigned values[256];
    const unsigned t = threadIdx.x;
    values[t] = t * t;
    __syncthreads();
    if (t == 0) {
        unsigned sum = 0;
        for (int k = 0; k < 256; ++k) sum += values[k];
        sink[blockIdx.x] = sum;
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumValues, 8, 1, 256, 1));
