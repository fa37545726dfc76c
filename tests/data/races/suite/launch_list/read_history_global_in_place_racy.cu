// An in-place update of a global array: each thread reads its right neighbour's element, then its own, and
// writes its own. The neighbour's read races with the write, though the owner's own read came between.
// suite: class=read-history twin=read_history_global_in_place verdict=race
// scene: histogram/random
// expect: read-write within A B lines 12 14
#include <racelab/histogram.cuh>

__device__ unsigned cells[2049];

__global__ void addRight() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    const unsigned right = cells[i + 1];  // [A]
    const unsigned self = cells[i];
    cells[i] = self + right + 1u;  // [B]
}

RACELAB_LAUNCHES(RACELAB_FIXED(addRight, 8, 1, 256, 1));
