// The twin of shared_broadcast_racy.cu: a __syncthreads() after the write.
// suite: class=shared-barrier twin=shared_broadcast verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void scaleAll() {
    __shared__ unsigned scale;
    const unsigned t = threadIdx.x;
    if (t == 0) scale = blockIdx.x + 1u;
    __syncthreads();
    sink[blockIdx.x * 256 + t] = t * scale;
}

RACELAB_LAUNCHES(RACELAB_FIXED(scaleAll, 8, 1, 256, 1));
