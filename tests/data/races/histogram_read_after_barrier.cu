// The twin of histogram_read_before_barrier.cu: the neighbour's slot read after a barrier.
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    __shared__ unsigned stage[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned value = i < histogramParams.count ? histogramParams.values[i] : 0u;
    stage[threadIdx.x] = value;
    __syncthreads();
    unsigned neighbour = stage[(threadIdx.x + 1) % 256];
    if (i < histogramParams.count) atomicAdd(&histogramParams.histogram[neighbour], 1u);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
