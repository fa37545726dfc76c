// Each half of a warp syncs with a mask of its own half, and then reads the other half's slots: a partial mask
// orders only the lanes it names.
// suite: class=syncwarp-mask twin=syncwarp_halves verdict=race
// scene: histogram/random
// expect: read-write within A B lines 18 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void swapHalves() {
    __shared__ unsigned stage[32];
    const unsigned lane = threadIdx.x;
    stage[lane] = lane * 5u;  // [B]
    if (lane < 16)
        __syncwarp(0x0000ffffu);
    else
        __syncwarp(0xffff0000u);
    const unsigned across = stage[lane ^ 16u];  // [A]
    sink[blockIdx.x * 32 + lane] = across;
}

RACELAB_LAUNCHES(RACELAB_FIXED(swapHalves, 8, 1, 32, 1));
