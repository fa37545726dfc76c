// atomicAdd_block on one global counter from every block: a block-scoped atomic is atomic to its own block's
// threads only, so the blocks' additions race.
// suite: class=scope twin=atomic_block_scope_across verdict=race
// scene: histogram/random
// expect: write-write across A A lines 11 11
#include <racelab/histogram.cuh>

__device__ unsigned counter;

__global__ void countThreads() {
    atomicAdd_block(&counter, 1u);  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(countThreads, 8, 1, 64, 1));
