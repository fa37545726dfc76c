// The lower half of a warp writes and syncs with its own mask; the upper half, which took no part in that sync,
// reads what the lower half wrote.
// suite: class=syncwarp-mask twin=syncwarp_subset_readers verdict=race
// scene: histogram/random
// expect: read-write within A B lines 17 14
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void subset() {
    __shared__ unsigned stage[16];
    const unsigned lane = threadIdx.x;
    if (lane < 16) {
        stage[lane] = lane + 1u;  // [B]
        __syncwarp(0x0000ffffu);
    }
    const unsigned value = stage[lane % 16u];  // [A]
    sink[blockIdx.x * 32 + lane] = value;
}

RACELAB_LAUNCHES(RACELAB_FIXED(subset, 8, 1, 32, 1));
