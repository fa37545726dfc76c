// One thread clears a block's shared bins in a loop while the other threads already count into them.
// suite: class=shared-barrier twin=shared_bins_cleared_by_one verdict=race
// scene: histogram/random
// expect: write-write within A B lines 13 14
#include <racelab/histogram.cuh>

__device__ unsigned sink[512];

__global__ void countBins() {
    __shared__ unsigned bins[64];
    const unsigned t = threadIdx.x;
    if (t == 0)
        for (int b = 0; b < 64; ++b) bins[b] = 0u;  // [A]
    atomicAdd(&bins[t % 64], 1u);  // [B]
    __syncthreads();
    if (t < 64) sink[blockIdx.x * 64 + t] = bins[t];
}

RACELAB_LAUNCHES(RACELAB_FIXED(countBins, 8, 1, 256, 1));
