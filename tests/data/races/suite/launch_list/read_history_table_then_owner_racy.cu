// Every thread reads a shared table entry; then its owner reads it again and rewrites it, without a barrier: the
// other threads' reads race with the write, though the owner's read came last.
// suite: class=read-history twin=read_history_table_then_owner verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 18
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void bump() {
    __shared__ unsigned table;
    const unsigned t = threadIdx.x;
    if (t == 0) table = blockIdx.x;
    __syncthreads();
    const unsigned seen = table;  // [A]
    if (t == 0) {
        const unsigned mine = table;
        table = mine + 1u;  // [B]
    }
    sink[blockIdx.x * 256 + t] = seen;
}

RACELAB_LAUNCHES(RACELAB_FIXED(bump, 8, 1, 256, 1));
