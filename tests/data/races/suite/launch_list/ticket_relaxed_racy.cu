// The last block pattern with a relaxed atomic ticket and no fence: a relaxed atomic releases nothing.
// suite: class=fence-message twin=ticket_relaxed verdict=race
// scene: histogram/random
// expect: read-write across A B lines 22 14
#include <racelab/histogram.cuh>

__device__ unsigned partial[8];
__device__ unsigned ticket;
__device__ unsigned sink[1];

__global__ void sumBlocks() {
    __shared__ bool last;
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = blockIdx.x + 1u;  // [B]
        unsigned before;
        asm volatile("atom.relaxed.gpu.global.add.u32 %0, [%1], 1;" : "=r"(before) : "l"(&ticket) : "memory");
        last = before == gridDim.x - 1;
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
