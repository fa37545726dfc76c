#include "scenes/histogram/histogram_kernel_contract.hpp"

namespace racelab::histogram {

KernelContract histogramKernelContract() {
    KernelContract c;
    c.header = "racelab/histogram.cuh";
    c.parametersSymbol = "histogramParams";
    c.parametersBytes = HistogramParameterLayout::bytes;
    c.sizes = {"inputs", "bins"};
    c.starter = "kernels/histogram/starter.cu";
    c.examples = {
        {"kernels/histogram/starter.cu", false, "one thread per input, bins[v] += 1 on global memory (updates are lost)"},
        {"kernels/histogram/atomic.cu", true, "one thread per input, atomicAdd on the global bin (correct; slow on hot bins)"},
        {"kernels/histogram/shared_bins.cu", true,
         "per-block bins in shared memory, merged with one atomicAdd per bin and block (the good variant's way)"},
    };
    c.summary =
        "The kernels read histogramParams (values, count, bins, histogram) and count every input, a bin index "
        "0..bins-1, into histogram[value]: one unsigned counter per bin, zeroed by racelab before the launches. "
        "racelab draws the bars from the counts beside the CPU reference's.";
    return c;
}

}  // namespace racelab::histogram
