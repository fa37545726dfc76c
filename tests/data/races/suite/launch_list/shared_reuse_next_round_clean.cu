// The twin of shared_reuse_next_round_racy.cu: a __syncthreads() at the end of each round.
// suite: class=shared-barrier twin=shared_reuse_next_round verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void shiftTwice() {
    __shared__ unsigned stage[256];
    const unsigned t = threadIdx.x;
    unsigned value = t;
    for (int round = 0; round < 2; ++round) {
        stage[t] = value;
        __syncthreads();
        value += stage[(t + 1) % 256];
        __syncthreads();
    }
    sink[blockIdx.x * 256 + t] = value;
}

RACELAB_LAUNCHES(RACELAB_FIXED(shiftTwice, 8, 1, 256, 1));
