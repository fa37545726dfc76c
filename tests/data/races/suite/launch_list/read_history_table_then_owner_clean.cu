// The twin of read_history_table_then_owner_racy.cu: a __syncthreads() before the owner rewrites it.
// suite: class=read-history twin=read_history_table_then_owner verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void bump() {
    __shared__ unsigned table;
    const unsigned t = threadIdx.x;
    if (t == 0) table = blockIdx.x;
    __syncthreads();
    const unsigned seen = table;
    __syncthreads();
    if (t == 0) {
        const unsigned mine = table;
        table = mine + 1u;
    }
    sink[blockIdx.x * 256 + t] = seen;
}

RACELAB_LAUNCHES(RACELAB_FIXED(bump, 8, 1, 256, 1));
