// Every block writes its number to one global result: which one stays depends on the order the blocks ran.
// suite: class=global-blocks twin=global_every_block_writes verdict=race
// scene: histogram/random
// expect: write-write across A A lines 10 10
#include <racelab/histogram.cuh>

__device__ unsigned result;

__global__ void report() {
    if (threadIdx.x == 0) result = blockIdx.x;  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(report, 8, 1, 64, 1));
