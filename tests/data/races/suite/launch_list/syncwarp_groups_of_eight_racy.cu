// Lanes sync in groups of eight (each with its group's mask) and read a lane of the next group, which their
// sync did not include.
// suite: class=syncwarp-mask twin=syncwarp_groups_of_eight verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void groups() {
    __shared__ unsigned stage[32];
    const unsigned lane = threadIdx.x;
    stage[lane] = lane * 3u;  // [B]
    __syncwarp(0xffu << (lane & ~7u));
    const unsigned neighbour = stage[lane ^ 8u];  // [A]
    sink[blockIdx.x * 32 + lane] = neighbour;
}

RACELAB_LAUNCHES(RACELAB_FIXED(groups, 8, 1, 32, 1));
