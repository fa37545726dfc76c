#include "scenes/fourier/fourier_kernel_contract.hpp"

namespace racelab::fourier {

KernelContract fourierKernelContract() {
    KernelContract c;
    c.header = "racelab/fourier.cuh";
    c.parametersSymbol = "trailParams";
    c.parametersBytes = TrailParameterLayout::bytes;
    c.sizes = {"segments", "segment-threads", "pixels"};
    c.starter = "kernels/fourier/starter.cu";
    c.examples = {
        {"kernels/fourier/starter.cu", false,
         "a block per segment, a thread per sample, the maximum read and written apart (lost updates: speckles)"},
        {"kernels/fourier/atomic_max.cu", true, "the same splats, the maximum kept with atomicMax (correct)"},
    };
    c.summary =
        "The kernels read trailParams (pens, trail, segments, width, height, radius) and add the frame's new trail "
        "segments (pens[i] -> pens[i + 1]) to the trail's coverage: a disc around every half-pixel sample "
        "(trailSample), each pixel keeping the largest coverage (trailCoverage); racelab keeps the trail between "
        "frames and draws the circles and arms over it.";
    return c;
}

}  // namespace racelab::fourier
