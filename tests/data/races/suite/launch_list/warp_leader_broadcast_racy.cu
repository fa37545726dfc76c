// Lane 0 of each warp writes a value for its warp in shared memory, and the other lanes read it without a
// __syncwarp().
// suite: class=warp-synchronous twin=warp_leader_broadcast verdict=race
// scene: histogram/random
// expect: read-write within A B lines 14 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[512];

__global__ void broadcast() {
    __shared__ unsigned leader[2];
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) leader[warp] = blockIdx.x * 64 + threadIdx.x;  // [B]
    const unsigned value = leader[warp];                          // [A]
    sink[blockIdx.x * 64 + threadIdx.x] = value;
}

RACELAB_LAUNCHES(RACELAB_FIXED(broadcast, 8, 1, 64, 1));
