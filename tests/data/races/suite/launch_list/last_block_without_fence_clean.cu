// The twin of last_block_without_fence_racy.cu: __threadfence() between the write and the ticket (the CUDA
// samples' threadFenceReduction): the last block's ticket acquires every block's release.
// suite: class=fence-message twin=last_block_without_fence verdict=clean
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
        __threadfence();
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
