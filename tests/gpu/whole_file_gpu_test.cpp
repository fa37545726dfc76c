// Whole-file solutions on a real GPU, driven through racelab's harness entry points as the course's harness
// drives a renderer (load the scene, allocate the image, set up once; clear, advance, render, read the image),
// with racelab's own scene data handed over first. Each frame is judged against racelab's CPU reference by
// the scene's rule, as a kernel's frame is: the correct course-style solutions pass, and the racy one (one
// thread per circle, plain read-modify-write) gives different frames from run to run.
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "core/device_math.hpp"
#include "core/gpu_timing.hpp"
#include "gpu_test_support.hpp"
#include "judge/scene_check.hpp"
#include "scenes/circles/circle_kernel_contract.hpp"
#include "scenes/circles/circle_scene_spec.hpp"
#include "scenes/circles/snow_noise.hpp"
#include "scenes/scene_registry.hpp"
#include "test_data.hpp"
#include "userkernel/whole_file_build.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

struct HarnessScene {
    int numCircles;
    const float *position, *velocity, *color, *radius;
};

// One solution's library, opened, with the entry points the worker will call.
class Solution {
public:
    explicit Solution(const std::string& folder) {
        const WholeFileHarness& harness = *findScene("circles/rgb").family->kernelContract->wholeFile;
        const std::optional<std::string> file = wholeFileSolution(folder, harness);
        if (!file) throw Error(folder + ": no whole-file solution");
        const KernelBuild build = buildWholeFile({*file, cudaDeviceArchitecture()}, harness, KernelCache(""));
        if (!build.ok) throw Error(build.messages());
        library_ = (fs::temp_directory_path() / ("racelab-whole-file-" + fs::path(folder).filename().string() + ".so")).string();
        std::ofstream(library_, std::ios::binary).write(reinterpret_cast<const char*>(build.cubin.data()),
                                                        static_cast<std::streamsize>(build.cubin.size()));
        handle_ = dlopen(library_.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle_) throw Error(dlerror());
    }
    ~Solution() {
        if (handle_) dlclose(handle_);
        std::error_code ec;
        fs::remove(library_, ec);
    }
    template <class F>
    F* entry(const char* name) const {
        auto* f = reinterpret_cast<F*>(dlsym(handle_, name));
        if (!f) throw Error(std::string("no entry point ") + name);
        return f;
    }
    std::string error() const { return entry<const char*()>("racelab_harness_error")(); }

    // The frames of `preset` the course's way: set up once, then `runs` times clear + advance + render + read.
    std::vector<HostImage> frames(const std::string& preset, int size, int runs) const {
        const circles::CircleSet set = circles::generateCircles(preset, 0);
        const HarnessScene scene{set.count(), set.position.data(), set.velocity.data(), set.color.data(), set.radius.data()};
        entry<void(const int*, const int*, const float*)>("racelab_harness_set_noise")(
            circles::kSnowPermutationX, circles::kSnowPermutationY, circles::kSnowValues);
        entry<void(const HarnessScene*)>("racelab_harness_set_scene")(&scene);
        void* renderer = entry<void*()>("racelab_harness_create")();
        if (!renderer) throw Error(error());
        auto step = [&](const char* name) {
            if (entry<int(void*)>(name)(renderer) != 0) throw Error(std::string(name) + ": " + error());
        };
        if (entry<int(void*, int, int)>("racelab_harness_load_scene")(renderer, circles::courseSceneName(preset), 0) != 0 ||
            entry<int(void*, int, int)>("racelab_harness_alloc_output_image")(renderer, size, size) != 0)
            throw Error(error());
        step("racelab_harness_setup");
        std::vector<HostImage> out;
        for (int run = 0; run < runs; ++run) {
            step("racelab_harness_clear_image");
            step("racelab_harness_advance_animation");
            step("racelab_harness_render");
            int width = 0, height = 0;
            const float* data = entry<const float*(void*, int*, int*)>("racelab_harness_image")(renderer, &width, &height);
            if (!data) throw Error("getImage: " + error());
            HostImage image(width, height);
            for (std::size_t i = 0; i < image.pixels.size(); ++i) image.pixels[i] = toByte(data[i]);
            out.push_back(std::move(image));
        }
        entry<void(void*)>("racelab_harness_destroy")(renderer);
        return out;
    }

private:
    std::string library_;
    void* handle_ = nullptr;
};

HostImage reference(const std::string& scene, int size, CheckRule& rule) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    std::unique_ptr<Scene> made = createScene(scene, options);
    HostImage image(size, size);
    made->renderReference(image, true);
    rule = made->checkRule();
    return image;
}

#define REQUIRE_NVCC() \
    if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice()

}  // namespace

class CorrectWholeFileGpu : public ::testing::TestWithParam<const char*> {};

TEST_P(CorrectWholeFileGpu, PassesTheCoursesRuleOnEveryStaticScene) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    REQUIRE_NVCC();
    constexpr int kSize = 1024;
    {
        const Solution solution(racelab::testing::testDataPath(std::string("data/whole_file/") + GetParam()));
        for (const char* preset : {"rgb", "rgby", "rand10k", "pattern", "biglittle"}) {
            SCOPED_TRACE(preset);
            CheckRule rule{0.f, 0, {}};
            const HostImage expected = reference(std::string("circles/") + preset, kSize, rule);
            const std::vector<HostImage> got = solution.frames(preset, kSize, 2);
            for (const HostImage& frame : got) {
                const judge::SceneCheckReport report = judge::checkScene(expected, frame, rule);
                EXPECT_TRUE(report.pass) << report.wrongPixels << " wrong pixels, the largest RGB difference "
                                         << report.maxRgbDifference;
            }
            EXPECT_EQ(got[0].pixels, got[1].pixels) << "a correct solution drew two different frames";
        }
    }
}

INSTANTIATE_TEST_SUITE_P(CourseStyle, CorrectWholeFileGpu, ::testing::Values("per_pixel_2022", "tiled_thrust", "own_members"));

TEST(WholeFileGpu, TheRacySolutionDrawsDifferentFramesFromRunToRun) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    REQUIRE_NVCC();
    const Solution solution(racelab::testing::testDataPath("data/whole_file/racy_per_circle"));
    const std::vector<HostImage> got = solution.frames("rand10k", 1024, 6);
    int differing = 0;
    for (std::size_t i = 1; i < got.size(); ++i) differing += got[i].pixels != got[0].pixels ? 1 : 0;
    std::printf("  racy_per_circle on rand10k: %d of %zu later runs differ from the first\n", differing, got.size() - 1);
    EXPECT_GE(differing, 1);
    CheckRule rule{0.f, 0, {}};
    const HostImage expected = reference("circles/rand10k", 1024, rule);
    EXPECT_FALSE(judge::checkScene(expected, got[0], rule).pass);
}
