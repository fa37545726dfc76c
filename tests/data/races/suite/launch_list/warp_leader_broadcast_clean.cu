// The twin of warp_leader_broadcast_racy.cu: a __syncwarp() between the write and the reads.
// suite: class=warp-synchronous twin=warp_leader_broadcast verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[512];

__global__ void broadcast() {
    __shared__ unsigned leader[2];
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) leader[warp] = blockIdx.x * 64 + threadIdx.x;
    __syncwarp();
    const unsigned value = leader[warp];
    sink[blockIdx.x * 64 + threadIdx.x] = value;
}

RACELAB_LAUNCHES(RACELAB_FIXED(broadcast, 8, 1, 64, 1));
