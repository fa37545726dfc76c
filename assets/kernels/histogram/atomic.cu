// A correct histogram, the simplest one: one thread per input, and the bin's counter is incremented with
// atomicAdd, which reads, adds and writes as one indivisible step, so no increment is lost. Correct, but every
// input of a bin waits its turn on the same counter in global memory: slow when a few bins take most inputs
// (histogram/skewed). shared_bins.cu counts in shared memory first.
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= histogramParams.count) return;
    atomicAdd(&histogramParams.histogram[histogramParams.values[i]], 1u);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
