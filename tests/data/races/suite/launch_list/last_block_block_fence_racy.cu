// The last block pattern with __threadfence_block(): a block-scoped fence orders nothing for another block.
// suite: class=fence-message twin=last_block_block_fence verdict=race
// scene: histogram/random
// expect: read-write across A B lines 21 14
#include <racelab/histogram.cuh>

__device__ unsigned partial[8];
__device__ unsigned ticket;
__device__ unsigned sink[1];

__global__ void sumBlocks() {
    __shared__ bool last;
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = blockIdx.x + 1u;  // [B]
        __threadfence_block();
        last = atomicAdd(&ticket, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        unsigned sum = 0;
        for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];  // [A]
        sink[0] = sum;
        atomicExch(&ticket, 0u);
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumBlocks, 8, 1, 64, 1));
