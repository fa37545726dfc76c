// The twin of read_history_own_read_last_racy.cu: a __syncwarp() between the reads and the write.
// suite: class=read-history twin=read_history_own_read_last verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[256];

__global__ void addLeft() {
    __shared__ unsigned stage[32];
    const unsigned lane = threadIdx.x;
    stage[lane] = lane + blockIdx.x;
    __syncwarp();
    const unsigned left = lane > 0 ? stage[lane - 1] : 0u;
    const unsigned self = stage[lane];
    __syncwarp();
    stage[lane] = self + left;
    sink[blockIdx.x * 32 + lane] = self;
}

RACELAB_LAUNCHES(RACELAB_FIXED(addLeft, 8, 1, 32, 1));
