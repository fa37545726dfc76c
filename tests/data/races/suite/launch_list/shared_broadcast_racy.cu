// One thread writes a block-wide value in shared memory and every thread reads it without a barrier.
// suite: class=shared-barrier twin=shared_broadcast verdict=race
// scene: histogram/random
// expect: read-write within A B lines 13 12
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void scaleAll() {
    __shared__ unsigned scale;
    const unsigned t = threadIdx.x;
    if (t == 0) scale = blockIdx.x + 1u;       // [B]
    sink[blockIdx.x * 256 + t] = t * scale;  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(scaleAll, 8, 1, 256, 1));
