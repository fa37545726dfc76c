// The twin of last_block_block_fence_racy.cu: __threadfence_system(), wide enough.
// suite: class=fence-message twin=last_block_block_fence verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned partial[8];
__device__ unsigned ticket;
__device__ unsigned sink[1];

__global__ void sumBlocks() {
    __shared__ bool last;
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = blockIdx.x + 1u;
        __threadfence_system();
        last = atomicAdd(&ticket, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        unsigned sum = 0;
        for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
        sink[0] = sum;
        atomicExch(&ticket, 0u);
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumBlocks, 8, 1, 64, 1));
