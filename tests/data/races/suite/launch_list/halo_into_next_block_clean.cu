// The twin of halo_into_next_block_racy.cu: the halo goes to an array of its own, one slot a block.
// suite: class=indexing twin=halo_into_next_block verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2049];
__device__ unsigned halo[8];

__global__ void withHalo() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = 1u;
    if (threadIdx.x == 255) halo[blockIdx.x] = 2u;
}

RACELAB_LAUNCHES(RACELAB_FIXED(withHalo, 8, 1, 256, 1));
