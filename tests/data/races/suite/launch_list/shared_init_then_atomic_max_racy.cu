// One thread clears a shared maximum while the others already raise it with atomicMax: no barrier after the
// clearing.
// suite: class=atomic-plain twin=shared_init_then_atomic_max verdict=race
// scene: histogram/random
// expect: write-write within A B lines 13 14
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void largest() {
    __shared__ unsigned best;
    const unsigned t = threadIdx.x;
    if (t == 0) best = 0u;           // [A]
    atomicMax(&best, t * 7u % 13u);  // [B]
    __syncthreads();
    if (t == 0) sink[blockIdx.x] = best;
}

RACELAB_LAUNCHES(RACELAB_FIXED(largest, 8, 1, 256, 1));
