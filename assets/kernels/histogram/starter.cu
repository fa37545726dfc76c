// A first histogram: one thread per input adds one to the input's bin. Written by
// `racelab new-kernel histogram FILE`.
//
// It has a race. `histogram[v] += 1` is three steps: read the counter, add one, write it back. Two threads
// whose inputs fall into the same bin can both read the same old count and both write old + 1: one input is
// lost. The more inputs share a bin (histogram/skewed puts 90 % into four bins), the more are lost, and the
// bars (orange, left) come out shorter than the reference's (blue, right) and flicker from frame to frame.
// Run it in the viewer (`racelab view --scene histogram/skewed --kernel FILE`) and fix it (atomicAdd).
#include <racelab/histogram.cuh>

__global__ void countInputs() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= histogramParams.count) return;
    unsigned bin = histogramParams.values[i];
    // Read, add, write: not atomic, and every thread of this bin does the same at the same time.
    histogramParams.histogram[bin] += 1;
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(countInputs, RACELAB_INPUTS, 256));
