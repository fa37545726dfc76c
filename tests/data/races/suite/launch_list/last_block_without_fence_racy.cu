// The last block pattern without a fence: each block writes its partial sum and takes a ticket with atomicAdd,
// and the last block sums everyone's. Nothing makes a block's write visible before its ticket.
// suite: class=fence-message twin=last_block_without_fence verdict=race
// scene: histogram/random
// expect: read-write across A B lines 21 15
#include <racelab/histogram.cuh>

__device__ unsigned partial[8];
__device__ unsigned ticket;
__device__ unsigned sink[1];

__global__ void sumBlocks() {
    __shared__ bool last;
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = blockIdx.x + 1u;  // [B]
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
