// The GPU circle renderer against the CPU reference under CS149's rule, on every scene at two sizes
// (one not a multiple of the 16-pixel tile), and the racy variants failing it.
#include <gtest/gtest.h>

#include "frame/offline_frame.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;

namespace {

// Frame `frame` of `scene` at `size`: GPU (variant) versus the CPU reference on the same particle state.
gputest::ReferenceComparison compareWithReference(const std::string& scene, const std::string& variant,
                                                  const std::string& size, long frame) {
    SceneSelection selection;
    selection.scene = scene;
    selection.variant = variant;
    selection.size = size;
    return gputest::compareWithReference(selection, frame);
}

long frameFor(const std::string& scene) { return scene == "circles/snow" ? 120 : 30; }  // snow falls in first

}  // namespace

class GoodVariantPassesCheck : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(GoodVariantPassesCheck, AgainstCpuReference) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto [scene, size] = GetParam();
    const auto c = compareWithReference(scene, "good", size, frameFor(scene));
    EXPECT_LE(c.result.differingPixels, 5) << scene << " " << size << ": largest channel difference "
                                           << c.result.maxChannelDifference;
}

std::vector<std::string> allScenes() {
    std::vector<std::string> names;
    for (const auto& s : listScenes())
        if (s.name.rfind("circles/", 0) == 0) names.push_back(s.name);  // planes_gpu_test.cpp covers the planes
    return names;
}

INSTANTIATE_TEST_SUITE_P(AllScenes, GoodVariantPassesCheck,
                         ::testing::Combine(::testing::ValuesIn(allScenes()), ::testing::Values("1024x1024", "1000x600")),
                         [](const auto& info) {
                             std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param);
                             for (char& ch : name) if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return name;
                         });

TEST(RacyVariants, BadFailsCheckOnRand10k) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const auto c = compareWithReference("circles/rand10k", "bad", "1024x1024", 0);
    EXPECT_GT(c.result.differingPixels, 5);
}

TEST(RacyVariants, UnorderedFailsCheckOnRand10k) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const auto c = compareWithReference("circles/rand10k", "unordered", "1024x1024", 0);
    EXPECT_GT(c.result.differingPixels, 5);
}

TEST(RacyVariants, BadChangesBetweenRendersOfTheSameFrame) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    long changed = 0;
    HostImage previous = compareWithReference("circles/rand10k", "bad", "1024x1024", 0).gpu;
    for (int attempt = 0; attempt < 5 && changed == 0; ++attempt) {
        HostImage next = compareWithReference("circles/rand10k", "bad", "1024x1024", 0).gpu;
        changed = compareImages(next, previous, 0.f).differingPixels;
    }
    EXPECT_GT(changed, 0) << "the racy variant gave the same pixels five times";
}

TEST(Animation, GpuStepsFollowTheCpuFormulas) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const char* name : {"circles/bouncingballs", "circles/fireworks", "circles/hypnosis"}) {
        SceneOptions options;
        auto gpuScene = createScene(name, options);
        options.backend = Backend::Cpu;
        auto cpuScene = createScene(name, options);
        CudaStream stream;
        HostImage a(256, 256), b(256, 256);
        advanceTo(*gpuScene, 45, stream.get());
        advanceTo(*cpuScene, 45, stream.get());
        gpuScene->syncStateToHost(stream.get());
        gpuScene->renderReference(a, true);
        cpuScene->renderReference(b, true);
        // Same formulas; only FMA contraction on the GPU may move a circle edge by a pixel.
        EXPECT_LE(compareImages(a, b, 0.1f).differingPixels, 64) << name;
    }
}
