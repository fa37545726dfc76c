// Each lane reads its left neighbour's slot, then its own, then writes its own, with no sync between: the
// neighbour's read of a slot races with the owner's write, though the owner read the slot after it.
// suite: class=read-history twin=read_history_own_read_last verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 17
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void addLeft() {
    __shared__ unsigned stage[32];
    const unsigned lane = threadIdx.x;
    stage[lane] = lane + blockIdx.x;
    __syncwarp();
    const unsigned left = lane > 0 ? stage[lane - 1] : 0u;  // [A]
    const unsigned self = stage[lane];
    stage[lane] = self + left;  // [B]
    sink[blockIdx.x * 32 + lane] = self;
}

RACELAB_LAUNCHES(RACELAB_FIXED(addLeft, 8, 1, 32, 1));
