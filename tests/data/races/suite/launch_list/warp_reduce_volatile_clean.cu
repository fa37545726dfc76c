// The twin of warp_reduce_volatile_racy.cu: each step reads, syncs the warp, writes and syncs again.
// suite: class=warp-synchronous twin=warp_reduce_volatile verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void reduceWarp() {
    __shared__ unsigned stage[32];
    volatile unsigned* s = stage;
    const unsigned lane = threadIdx.x;
    s[lane] = lane + blockIdx.x;
    __syncwarp();
    for (unsigned d = 16; d > 0; d /= 2) {
        const unsigned other = lane < d ? s[lane + d] : 0u;
        __syncwarp();
        if (lane < d) s[lane] += other;
        __syncwarp();
    }
    if (lane == 0) sink[blockIdx.x] = s[0];
}

RACELAB_LAUNCHES(RACELAB_FIXED(reduceWarp, 8, 1, 32, 1));
