// The twin of histogram_lost_update.cu: the same count with atomicAdd, which no other update can come between.
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= histogramParams.count) return;
    unsigned* bin = &histogramParams.histogram[histogramParams.values[i]];
    atomicAdd(bin, 1u);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
