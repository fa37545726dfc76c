// A block stages values in shared memory and each thread reads its neighbour's slot without a __syncthreads():
// the neighbour may not have written it yet.
// suite: class=shared-barrier twin=shared_neighbour_read verdict=race
// scene: histogram/random
// expect: read-write within A B lines 14 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void rotate() {
    __shared__ unsigned stage[256];
    const unsigned t = threadIdx.x;
    stage[t] = t * 3u;                           // [B]
    const unsigned next = stage[(t + 1) % 256];  // [A]
    sink[blockIdx.x * 256 + t] = next;
}

RACELAB_LAUNCHES(RACELAB_FIXED(rotate, 8, 1, 256, 1));
