// The twin of syncwarp_groups_of_eight_racy.cu: each lane reads a lane of its own group, which its sync ordered.
// suite: class=syncwarp-mask twin=syncwarp_groups_of_eight verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void groups() {
    __shared__ unsigned stage[32];
    const unsigned lane = threadIdx.x;
    stage[lane] = lane * 3u;
    __syncwarp(0xffu << (lane & ~7u));
    const unsigned neighbour = stage[lane ^ 1u];
    sink[blockIdx.x * 32 + lane] = neighbour;
}

RACELAB_LAUNCHES(RACELAB_FIXED(groups, 8, 1, 32, 1));
