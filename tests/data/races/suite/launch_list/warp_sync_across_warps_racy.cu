// __syncwarp() used to order two warps: it orders the lanes of one warp only, and the thread 32 slots on lies
// in the other warp.
// suite: class=warp-synchronous twin=warp_sync_across_warps verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[512];

__global__ void swapWarps() {
    __shared__ unsigned stage[64];
    const unsigned t = threadIdx.x;
    stage[t] = t;                                 // [B]
    __syncwarp();
    const unsigned other = stage[(t + 32) % 64];  // [A]
    sink[blockIdx.x * 64 + t] = other;
}

RACELAB_LAUNCHES(RACELAB_FIXED(swapWarps, 8, 1, 64, 1));
