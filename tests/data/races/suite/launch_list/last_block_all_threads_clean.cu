// The twin of last_block_all_threads_racy.cu: the first thread fences after the barrier and before its ticket,
// which releases what its whole block wrote before the barrier; the last block reads after the barrier that
// follows its ticket.
// suite: class=fence-message twin=last_block_all_threads verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned partial[512];
__device__ unsigned ticket;
__device__ unsigned sink[64];

__global__ void sumColumns() {
    __shared__ bool last;
    partial[blockIdx.x * 64 + threadIdx.x] = threadIdx.x + blockIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        last = atomicAdd(&ticket, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last) {
        unsigned sum = 0;
        for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b * 64 + threadIdx.x];
        sink[threadIdx.x] = sum;
        if (threadIdx.x == 0) atomicExch(&ticket, 0u);
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumColumns, 8, 1, 64, 1));
