// Each block's last thread also writes one element past its block's part (a halo): the next block's first
// element, which that block writes too.
// suite: class=indexing twin=halo_into_next_block verdict=race
// scene: histogram/random
// expect: write-write across A B lines 12 13
#include <racelab/histogram.cuh>

__device__ unsigned cells[2049];

__global__ void withHalo() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = 1u;                              // [A]
    if (threadIdx.x == 255) cells[i + 1] = 2u;  // [B]
}

RACELAB_LAUNCHES(RACELAB_FIXED(withHalo, 8, 1, 256, 1));
