// racelab's GPU renderer, animated on the GPU (no state copied from the host), against CS149's own CPU
// reference: the course's rule on the probes of tests/data/cs149_probes.txt, every scene, size and frame.
#include <gtest/gtest.h>

#include <cstdio>

#include "frame/offline_frame.hpp"
#include "core/gpu_timing.hpp"
#include "cs149_probes.hpp"
#include "gpu_test_support.hpp"
#include "scenes/circles/circle_scene.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;
using namespace racelab::testing;

// Needs no device: the probes load wherever the binary is started from (every test runs in a scratch folder
// outside the source and build trees: tools/test-folder.sh), 49 frames of 1,024 probes each.
TEST(Cs149FidelityGpu, ProbesAreFoundFromAnyWorkingFolder) {
    const auto cases = loadCs149Probes(cs149ProbesPath());
    ASSERT_EQ(cases.size(), 49u);
    for (const auto& c : cases) EXPECT_EQ(c.rgb.size(), 3u * 1024u) << c.scene;
}

TEST(Cs149FidelityGpu, GoodVariantPassesTheCourseRuleOnEveryProbedFrame) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const auto cases = loadCs149Probes(cs149ProbesPath());
    ASSERT_GE(cases.size(), 40u);
    CudaStream stream;
    for (const auto& c : cases) {
        SceneOptions options;
        options.seed = c.seed;
        options.backend = Backend::Cuda;
        auto scene = createScene("circles/" + c.scene, options);
        advanceTo(*scene, c.frame, stream.get());
        const HostImage image = renderOffline(*scene, scene->variantIndex("good"), {c.width, c.height}, stream.get());
        const CourseComparison r = compareWithCourse(c, image);
        std::printf("  %-13s %4dx%-4d frame %2ld seed %3u: %ld of %ld probes' channels outside 0.1, largest difference %d steps\n",
                    c.scene.c_str(), c.width, c.height, c.frame, c.seed, r.mismatches, 3 * r.probes, r.maxDifference);
        EXPECT_LE(r.mismatches, kCourseMaxMismatches) << c.scene << " " << c.width << " frame " << c.frame << " seed " << c.seed;
    }
}

// Particles stepped on the GPU stay bit-identical to the host's steps: the course's frame 60 is the same
// picture whichever side animates it.
TEST(Cs149FidelityGpu, GpuAnimationEqualsTheHostStepBitForBit) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    for (const char* name : {"circles/snow", "circles/fireworks", "circles/bouncingballs", "circles/hypnosis"}) {
        SceneOptions gpuOptions, cpuOptions;
        cpuOptions.backend = Backend::Cpu;
        auto onGpu = createScene(name, gpuOptions);
        auto onCpu = createScene(name, cpuOptions);
        for (int i = 0; i < 120; ++i) {
            onGpu->advance(kFixedStepSeconds, stream.get());
            onCpu->advance(kFixedStepSeconds, nullptr);
        }
        onGpu->syncStateToHost(stream.get());
        const auto& gpuSet = dynamic_cast<circles::CircleScene&>(*onGpu).circles();
        const auto& cpuSet = dynamic_cast<circles::CircleScene&>(*onCpu).circles();
        EXPECT_EQ(gpuSet.position, cpuSet.position) << name << ": the GPU's particles drifted from the host's in 120 steps";
        EXPECT_EQ(gpuSet.velocity, cpuSet.velocity) << name;
        EXPECT_EQ(gpuSet.radius, cpuSet.radius) << name;
    }
}
