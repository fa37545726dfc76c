// The twin of syncwarp_halves_racy.cu: the halves sync apart and then the whole warp syncs before the reads.
// suite: class=syncwarp-mask twin=syncwarp_halves verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void swapHalves() {
    __shared__ unsigned stage[32];
    const unsigned lane = threadIdx.x;
    stage[lane] = lane * 5u;
    if (lane < 16)
        __syncwarp(0x0000ffffu);
    else
        __syncwarp(0xffff0000u);
    __syncwarp();
    const unsigned across = stage[lane ^ 16u];
    sink[blockIdx.x * 32 + lane] = across;
}

RACELAB_LAUNCHES(RACELAB_FIXED(swapHalves, 8, 1, 32, 1));
