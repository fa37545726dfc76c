// The last block pattern where every thread writes and the block's first thread takes the ticket after a
// barrier, without a fence.
// suite: class=fence-message twin=last_block_all_threads verdict=race
// scene: histogram/random
// expect: read-write across A B lines 22 14
#include <racelab/histogram.cuh>

__device__ unsigned partial[512];
__device__ unsigned ticket;
__device__ unsigned sink[64];

__global__ void sumColumns() {
    __shared__ bool last;
    partial[blockIdx.x * 64 + threadIdx.x] = threadIdx.x + blockIdx.x;  // [B]
    __syncthreads();
    if (threadIdx.x == 0) {
        last = atomicAdd(&ticket, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last) {
        unsigned sum = 0;
        for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b * 64 + threadIdx.x];  // [A]
        sink[threadIdx.x] = sum;
        if (threadIdx.x == 0) atomicExch(&ticket, 0u);
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumColumns, 8, 1, 64, 1));
