#include "scenes/planes/plane_kernel_contract.hpp"

namespace racelab::planes {

KernelContract planeKernelContract() {
    KernelContract c;
    c.header = "racelab/planes.cuh";
    c.parametersSymbol = "planeParams";
    c.parametersBytes = PlaneParameterLayout::bytes;
    c.sizes = {"pixels", "planes", "plane-pixels"};
    c.starter = "kernels/planes/starter.cu";
    c.examples = {
        {"kernels/planes/starter.cu", false,
         "one thread per (pixel, plane), unsynchronized read-blend-write of the result (order and updates lost)"},
        {"kernels/planes/per_pixel.cu", true, "one thread per pixel blends every plane in order in registers (correct)"},
    };
    c.summary =
        "The kernels read planeParams (planes, offsets, planeCount, width, height, blend, alpha, result) and blend "
        "every plane, first to last, onto each pixel's float4 result (zero at the start) with blendPlane(planePixel(k, "
        "x, y)); racelab turns the result into the frame as the family's variants do.";
    return c;
}

}  // namespace racelab::planes
