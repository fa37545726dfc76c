// A grid-stride loop that strides by a block instead of the whole grid: every block walks the others' elements
// too, and two blocks write each of them.
// suite: class=indexing twin=grid_stride_block_stride verdict=race
// scene: histogram/random
// expect: write-write across A A lines 12 12
#include <racelab/histogram.cuh>

__device__ unsigned cells[4096];

__global__ void fillAll() {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < 4096; i += blockDim.x)
        cells[i] = i;  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(fillAll, 8, 1, 256, 1));
