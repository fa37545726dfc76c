// The twin of shared_neighbour_read_racy.cu: a __syncthreads() between the writes and the reads.
// suite: class=shared-barrier twin=shared_neighbour_read verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void rotate() {
    __shared__ unsigned stage[256];
    const unsigned t = threadIdx.x;
    stage[t] = t * 3u;
    __syncthreads();
    const unsigned next = stage[(t + 1) % 256];
    sink[blockIdx.x * 256 + t] = next;
}

RACELAB_LAUNCHES(RACELAB_FIXED(rotate, 8, 1, 256, 1));
