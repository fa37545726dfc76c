// The twin of grid_stride_block_stride_racy.cu: the stride is blockDim.x * gridDim.x.
// suite: class=indexing twin=grid_stride_block_stride verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[4096];

__global__ void fillAll() {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < 4096; i += blockDim.x * gridDim.x)
        cells[i] = i;
}

RACELAB_LAUNCHES(RACELAB_FIXED(fillAll, 8, 1, 256, 1));
