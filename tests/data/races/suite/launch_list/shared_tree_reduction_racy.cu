// A tree reduction in shared memory without a barrier between its steps: a thread reads a partial sum that
// another thread of an earlier step may not have written yet.
// suite: class=shared-barrier twin=shared_tree_reduction verdict=race
// scene: histogram/random
// expect: read-write within A A lines 16 16
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void sumBlock() {
    __shared__ unsigned partial[256];
    const unsigned t = threadIdx.x;
    partial[t] = t;
    __syncthreads();
    for (unsigned half = 128; half > 0; half /= 2)
        if (t < half) partial[t] += partial[t + half];  // [A]
    if (t == 0) sink[blockIdx.x] = partial[0];
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumBlock, 8, 1, 256, 1));
