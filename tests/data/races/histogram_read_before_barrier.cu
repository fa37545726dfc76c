// A shared read before the barrier: each thread stages its input in shared memory and reads its neighbour's
// slot, with no __syncthreads() to wait until the neighbour has written it.
// scene: histogram/random
// expect: read-write within A B
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    __shared__ unsigned stage[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned value = i < histogramParams.count ? histogramParams.values[i] : 0u;
    stage[threadIdx.x] = value;  // [B]
    // missing: __syncthreads()
    unsigned neighbour = stage[(threadIdx.x + 1) % 256];  // [A]
    if (i < histogramParams.count) atomicAdd(&histogramParams.histogram[neighbour], 1u);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
