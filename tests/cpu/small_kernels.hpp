// Kernel texts the CPU tests compile: the smallest launch-list kernel that keeps the circles contract.
#pragma once

namespace racelab::testing {

// Writes the red channel of every pixel, one thread a pixel.
inline const char* const kSmallCirclesKernel = R"(#include <racelab/circles.cuh>
__global__ void paint() {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < cuConstRendererParams.imageWidth * cuConstRendererParams.imageHeight)
        cuConstRendererParams.imageData[4 * i] = 0.f;
}
RACELAB_LAUNCHES(RACELAB_PER_ITEM(paint, RACELAB_PIXELS, 256));
)";

}  // namespace racelab::testing
