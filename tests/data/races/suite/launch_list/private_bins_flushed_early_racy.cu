// A privatised histogram: threads count into shared bins with atomicAdd, and the bins are read for the global
// count without a barrier after the counting.
// suite: class=atomic-plain twin=private_bins_flushed_early verdict=race
// scene: histogram/random
// expect: read-write within A B lines 16 15
#include <racelab/histogram.cuh>

__device__ unsigned totals[64];

__global__ void countPrivately() {
    __shared__ unsigned bins[64];
    const unsigned t = threadIdx.x;
    if (t < 64) bins[t] = 0u;
    __syncthreads();
    atomicAdd(&bins[(t * 7u) % 64], 1u);  // [B]
    if (t < 64) atomicAdd(&totals[t], bins[t]);  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countPrivately, 8, 1, 256, 1));
