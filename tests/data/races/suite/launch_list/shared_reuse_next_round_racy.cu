// Shared memory reused for a second round without a barrier at the end of the first: a thread overwrites its
// slot while its neighbour may still be reading the first round's value there (write after read).
// suite: class=shared-barrier twin=shared_reuse_next_round verdict=race
// scene: histogram/random
// expect: read-write within A B lines 17 15
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void shiftTwice() {
    __shared__ unsigned stage[256];
    const unsigned t = threadIdx.x;
    unsigned value = t;
    for (int round = 0; round < 2; ++round) {
        stage[t] = value;                 // [B]
        __syncthreads();
        value += stage[(t + 1) % 256];    // [A]
    }
    sink[blockIdx.x * 256 + t] = value;
}

RACELAB_LAUNCHES(RACELAB_FIXED(shiftTwice, 8, 1, 256, 1));
