// A warp-synchronous reduction in shared memory through a volatile pointer and without __syncwarp(): since
// Volta a warp's lanes are scheduled independently, and volatile orders nothing between them.
// suite: class=warp-synchronous twin=warp_reduce_volatile verdict=race
// scene: histogram/random
// expect: read-write within A A lines 17 17
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void reduceWarp() {
    __shared__ unsigned stage[32];
    volatile unsigned* s = stage;
    const unsigned lane = threadIdx.x;
    s[lane] = lane + blockIdx.x;
    __syncwarp();
    for (unsigned d = 16; d > 0; d /= 2)
        if (lane < d) s[lane] += s[lane + d];  // [A]
    if (lane == 0) sink[blockIdx.x] = s[0];
}

RACELAB_LAUNCHES(RACELAB_FIXED(reduceWarp, 8, 1, 32, 1));
