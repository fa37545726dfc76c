// The twin of ldg_written_by_other_block_racy.cu: the words written by one launch and read through __ldg by the
// next, which the launch boundary orders.
// suite: class=read-only twin=ldg_written_by_other_block verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void fill() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i * 7u;
}

__global__ void spread() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    sink[i] = __ldg(&cells[(i + 256) % 2048]);
}

RACELAB_LAUNCHES(RACELAB_FIXED(fill, 8, 1, 256, 1), RACELAB_FIXED(spread, 8, 1, 256, 1));
