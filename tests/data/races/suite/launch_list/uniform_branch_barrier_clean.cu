// The twin of uniform_branch_barrier_racy.cu: both branches, taken block-wide, have their barrier.
// suite: class=shared-barrier twin=uniform_branch_barrier verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void mirror() {
    __shared__ unsigned stage[256];
    const unsigned t = threadIdx.x;
    stage[t] = t + blockIdx.x;
    unsigned mirrored;
    if (blockIdx.x % 2 == 0) {  // the same for every thread of a block
        __syncthreads();
        mirrored = stage[255 - t];
    } else {
        __syncthreads();
        mirrored = stage[255 - t] + 1u;
    }
    sink[blockIdx.x * 256 + t] = mirrored;
}

RACELAB_LAUNCHES(RACELAB_FIXED(mirror, 8, 1, 256, 1));
