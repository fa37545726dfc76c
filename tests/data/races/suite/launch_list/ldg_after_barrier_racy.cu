// __ldg of a neighbour's word after a __syncthreads(): the barrier orders the threads, but the read-only cache is
// not kept coherent with writes of the same launch, so the load may see the old value.
// suite: class=read-only twin=ldg_after_barrier verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 13
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void neighbours() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i * 7u;  // [B]
    __syncthreads();
    sink[i] = __ldg(&cells[blockIdx.x * 256 + (threadIdx.x + 1) % 256]);  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(neighbours, 8, 1, 256, 1));
