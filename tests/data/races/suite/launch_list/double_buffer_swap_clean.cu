// The twin of double_buffer_swap_racy.cu: a __syncthreads() after every step.
// suite: class=shared-barrier twin=double_buffer_swap verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void blur() {
    __shared__ unsigned buffers[2][256];
    const unsigned t = threadIdx.x;
    buffers[0][t] = t;
    __syncthreads();
    int from = 0;
    for (int step = 0; step < 4; ++step) {
        const unsigned left = buffers[from][(t + 255) % 256], right = buffers[from][(t + 1) % 256];
        buffers[1 - from][t] = (left + right) / 2u;
        __syncthreads();
        from = 1 - from;
    }
    sink[blockIdx.x * 256 + t] = buffers[from][t];
}

RACELAB_LAUNCHES(RACELAB_FIXED(blur, 8, 1, 256, 1));
