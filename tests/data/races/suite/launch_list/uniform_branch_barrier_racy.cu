// A barrier inside a branch every thread of a block takes alike (no divergence): the odd blocks' branch lacks it
// and reads the mirrored slot before its owner wrote it.
// suite: class=shared-barrier twin=uniform_branch_barrier verdict=race
// scene: histogram/random
// expect: read-write within A B lines 19 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void mirror() {
    __shared__ unsigned stage[256];
    const unsigned t = threadIdx.x;
    stage[t] = t + blockIdx.x;  // [B]
    unsigned mirrored;
    if (blockIdx.x % 2 == 0) {  // the same for every thread of a block
        __syncthreads();
        mirrored = stage[255 - t];
    } else {
        mirrored = stage[255 - t] + 1u;  // [A]
    }
    sink[blockIdx.x * 256 + t] = mirrored;
}

RACELAB_LAUNCHES(RACELAB_FIXED(mirror, 8, 1, 256, 1));
