// The twin of private_bins_flushed_early_racy.cu: a __syncthreads() between the counting and the flush.
// suite: class=atomic-plain twin=private_bins_flushed_early verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned totals[64];

__global__ void countPrivately() {
    __shared__ unsigned bins[64];
    const unsigned t = threadIdx.x;
    if (t < 64) bins[t] = 0u;
    __syncthreads();
    atomicAdd(&bins[(t * 7u) % 64], 1u);
    __syncthreads();
    if (t < 64) atomicAdd(&totals[t], bins[t]);
}

RACELAB_LAUNCHES(RACELAB_FIXED(countPrivately, 8, 1, 256, 1));
