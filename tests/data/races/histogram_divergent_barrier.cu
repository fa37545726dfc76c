// A barrier inside divergent code: only the first half of the block waits at __syncthreads(); the second half
// reads the slots the first half writes without waiting for them.
// scene: histogram/random
// expect: read-write within A B
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    __shared__ unsigned stage[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    stage[threadIdx.x] = i < histogramParams.count ? histogramParams.values[i] : 0u;  // [B]
    if (threadIdx.x < 128) __syncthreads();  // the second half never waits
    unsigned mirrored = stage[255 - threadIdx.x];  // [A]
    if (i < histogramParams.count) atomicAdd(&histogramParams.histogram[mirrored], 1u);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
