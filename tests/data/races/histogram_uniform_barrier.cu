// The twin of histogram_divergent_barrier.cu: every thread of the block reaches the barrier.
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    __shared__ unsigned stage[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    stage[threadIdx.x] = i < histogramParams.count ? histogramParams.values[i] : 0u;
    __syncthreads();
    unsigned mirrored = stage[255 - threadIdx.x];
    if (i < histogramParams.count) atomicAdd(&histogramParams.histogram[mirrored], 1u);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
