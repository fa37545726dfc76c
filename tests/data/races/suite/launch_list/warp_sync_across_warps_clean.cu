// The twin of warp_sync_across_warps_racy.cu: __syncthreads(), which orders the whole block.
// suite: class=warp-synchronous twin=warp_sync_across_warps verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[512];

__global__ void swapWarps() {
    __shared__ unsigned stage[64];
    const unsigned t = threadIdx.x;
    stage[t] = t;
    __syncthreads();
    const unsigned other = stage[(t + 32) % 64];
    sink[blockIdx.x * 64 + t] = other;
}

RACELAB_LAUNCHES(RACELAB_FIXED(swapWarps, 8, 1, 64, 1));
