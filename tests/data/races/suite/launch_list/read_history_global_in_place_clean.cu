// The twin of read_history_global_in_place_racy.cu: the result goes to another array.
// suite: class=read-history twin=read_history_global_in_place verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2049];
__device__ unsigned next[2048];

__global__ void addRight() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    const unsigned right = cells[i + 1];
    const unsigned self = cells[i];
    next[i] = self + right + 1u;
}

RACELAB_LAUNCHES(RACELAB_FIXED(addRight, 8, 1, 256, 1));
