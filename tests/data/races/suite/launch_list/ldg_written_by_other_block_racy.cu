// __ldg of words another block writes in the same launch: the read-only path assumes nothing writes them while
// the kernel runs.
// suite: class=read-only twin=ldg_written_by_other_block verdict=race
// scene: histogram/random
// expect: read-write across A B lines 14 13
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void spread() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i * 7u;                           // [B]
    sink[i] = __ldg(&cells[(i + 256) % 2048]);  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(spread, 8, 1, 256, 1));
