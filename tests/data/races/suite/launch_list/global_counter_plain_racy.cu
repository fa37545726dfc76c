// Every block's first thread adds one to a global counter by a plain read, add and write: the blocks run at
// once and updates are lost.
// suite: class=global-blocks twin=global_counter_plain verdict=race
// scene: histogram/random
// expect: read-write across A A lines 12 12
// expect: write-write across A A lines 12 12
#include <racelab/histogram.cuh>

__device__ unsigned total;

__global__ void countBlocks() {
    if (threadIdx.x == 0) total += 1u;  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countBlocks, 8, 1, 64, 1));
