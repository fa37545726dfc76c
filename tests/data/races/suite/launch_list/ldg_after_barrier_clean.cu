// The twin of ldg_after_barrier_racy.cu: a plain load after the barrier.
// suite: class=read-only twin=ldg_after_barrier verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void neighbours() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i * 7u;
    __syncthreads();
    sink[i] = cells[blockIdx.x * 256 + (threadIdx.x + 1) % 256];
}

RACELAB_LAUNCHES(RACELAB_FIXED(neighbours, 8, 1, 256, 1));
