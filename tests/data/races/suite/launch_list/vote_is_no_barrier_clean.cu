// The twin of vote_is_no_barrier_racy.cu: __syncthreads_or, a barrier and a vote of the whole block at once.
// suite: class=shared-barrier twin=vote_is_no_barrier verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void anyMarked() {
    __shared__ unsigned marked[256];
    const unsigned t = threadIdx.x;
    marked[t] = (t * 37u + blockIdx.x) % 11u == 0u;
    const int any = __syncthreads_or(marked[t]);
    const unsigned other = marked[(t + 64) % 256];
    sink[blockIdx.x * 256 + t] = other + any;
}

RACELAB_LAUNCHES(RACELAB_FIXED(anyMarked, 8, 1, 256, 1));
