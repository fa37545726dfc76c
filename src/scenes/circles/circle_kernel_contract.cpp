#include "scenes/circles/circle_kernel_contract.hpp"

#include <map>

namespace racelab::circles {

KernelContract circleKernelContract() {
    KernelContract c;
    c.header = "racelab/circles.cuh";
    c.parametersSymbol = "cuConstRendererParams";
    c.parametersBytes = CourseParameterLayout::bytes;
    c.sizes = {"circles", "pixels", "tiles16"};
    c.starter = "kernels/circles/starter.cu";
    c.examples = {
        {"kernels/circles/starter.cu", false, "CS149's first attempt: one thread per circle (races on shared pixels)"},
        {"kernels/circles/per_pixel.cu", true, "one thread per pixel walks every circle in order (correct, slow for many circles)"},
        {"kernels/circles/tiled.cu", true, "tiles: circles binned into per-tile lists, sorted in their blocks (CUB radix sort), composited front to back"},
    };
    c.summary =
        "CS149 asst3's names and layout: the kernels read cuConstRendererParams (sceneName, numCircles, position, "
        "velocity, color, radius, imageWidth, imageHeight, imageData) and blend every circle, in index order, into "
        "the float4 image (row 0 at the bottom), which racelab has cleared as the course's clearImage does.";
    // A student's whole cudaRenderer.cu: it defines CudaRenderer's render() in host code.
    c.wholeFile = WholeFileHarness{"circles", "racelab_harness_entry.cu", "cudaRenderer.cu",
                                   R"(CudaRenderer\s*::\s*render\s*\()"};
    return c;
}

int courseSceneName(const std::string& preset) {
    static const std::map<std::string, int> names{
        {"rgb", 0},       {"rgby", 1},           {"rand10k", 2},     {"rand100k", 3}, {"pattern", 4},
        {"snow", 5},      {"fireworks", 6},      {"hypnosis", 7},    {"bouncingballs", 8},
        {"biglittle", 10}, {"littlebig", 11},    {"rand1M", 12},     {"micro2M", 13},
    };
    const auto it = names.find(preset);
    return it == names.end() ? 2 : it->second;
}

}  // namespace racelab::circles
