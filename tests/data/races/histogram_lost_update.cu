// A global lost update: every thread adds one to its input's bin by a plain read, add and write. Two inputs
// of one bin read the same count, and one of the two updates is lost.
// scene: histogram/random
// expect: read-write across A B
// expect: write-write across B B
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= histogramParams.count) return;
    unsigned* bin = &histogramParams.histogram[histogramParams.values[i]];
    unsigned count = *bin;  // [A]
    *bin = count + 1;       // [B]
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
