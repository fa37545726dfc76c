#include "scenes/circles/circle_kernel_contract.hpp"

#include <map>

#include "scenes/circles/circle_scene_spec.hpp"
#include "scenes/circles/harness/course_scene_names.h"
#include "scenes/circles/snow_noise.hpp"

namespace racelab::circles {
namespace {

// racelab_harness_entry.cu's scene struct, field for field.
struct HarnessScene {
    int numCircles;
    const float *position, *velocity, *color, *radius;
};

// The scene made again in the worker, exactly as racelab makes it, before racelab's first animation step (the
// course's loader gives the scene as generated; its frame 0 comes after one advanceAnimation).
int handOverCircleScene(const WholeFileScene& scene, const std::function<void*(const char*)>& entry, std::shared_ptr<void>& keep) {
    auto set = std::make_shared<CircleSet>(generateCircles(scene.preset, scene.seed, scene.count));
    const HarnessScene handed{set->count(), set->position.data(), set->velocity.data(), set->color.data(), set->radius.data()};
    reinterpret_cast<void (*)(const int*, const int*, const float*)>(entry("racelab_harness_set_noise"))(
        kSnowPermutationX, kSnowPermutationY, kSnowValues);
    reinterpret_cast<void (*)(const HarnessScene*)>(entry("racelab_harness_set_scene"))(&handed);
    keep = set;
    return courseSceneName(scene.preset);
}

}  // namespace

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
                                   R"(CudaRenderer\s*::\s*render\s*\()", handOverCircleScene};
    return c;
}

int courseSceneName(const std::string& preset) {
    static const std::map<std::string, SceneName> names{
        {"rgb", CIRCLE_RGB},         {"rgby", CIRCLE_RGBY},       {"rand10k", CIRCLE_TEST_10K},
        {"rand100k", CIRCLE_TEST_100K}, {"pattern", PATTERN},     {"snow", SNOWFLAKES},
        {"fireworks", FIREWORKS},    {"hypnosis", HYPNOSIS},      {"bouncingballs", BOUNCING_BALLS},
        {"biglittle", BIG_LITTLE},   {"littlebig", LITTLE_BIG},   {"rand1M", CIRCLE_TEST_1M},
        {"micro2M", MICRO_2M},       {"snowsingle", SNOWFLAKES_SINGLE_FRAME},
    };
    const auto it = names.find(preset);
    return it == names.end() ? CIRCLE_TEST_10K : it->second;
}

}  // namespace racelab::circles
