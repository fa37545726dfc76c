// A block's threads exchange values through global memory without a barrier: a global buffer orders nothing by
// itself.
// suite: class=global-blocks twin=global_within_block verdict=race
// scene: histogram/random
// expect: read-write within A B lines 14 13
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void exchange() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i * 2u;                                                  // [B]
    sink[i] = cells[blockIdx.x * 256 + (threadIdx.x + 255) % 256];  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(exchange, 8, 1, 256, 1));
