// The twin of syncwarp_subset_readers_racy.cu: only lanes of the synced half read.
// suite: class=syncwarp-mask twin=syncwarp_subset_readers verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void subset() {
    __shared__ unsigned stage[16];
    const unsigned lane = threadIdx.x;
    unsigned value = 0u;
    if (lane < 16) {
        stage[lane] = lane + 1u;
        __syncwarp(0x0000ffffu);
        value = stage[(lane + 1u) % 16u];
    }
    sink[blockIdx.x * 32 + lane] = value;
}

RACELAB_LAUNCHES(RACELAB_FIXED(subset, 8, 1, 32, 1));
