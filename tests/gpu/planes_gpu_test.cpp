// The planes on the GPU: generation and compositing against the CPU reference (+-1 per 8-bit channel),
// the racy variant differing, and oversized plane sets refused before allocating.
#include <string>

#include <gtest/gtest.h>

#include "frame/offline_frame.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/planes/plane_scene.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;

namespace {

std::unique_ptr<planes::PlaneScene> makePlanes(const std::string& preset, int planeCount = 0) {
    SceneOptions options;
    options.count = planeCount;
    return std::make_unique<planes::PlaneScene>(preset, options);
}

}  // namespace

class PlanesGenerationMatches : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(PlanesGenerationMatches, GpuPlanesEqualCpuPlanesWithinOne) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto [w, h] = GetParam();
    auto scene = makePlanes("default", 24);
    CudaStream stream;
    std::vector<std::uint8_t> gpu = scene->devicePlanes(w, h, stream.get());
    const std::vector<std::uint8_t>& cpu = scene->hostPlanes(w, h);
    ASSERT_EQ(gpu.size(), cpu.size());
    long off = 0, worst = 0;
    for (std::size_t i = 0; i < gpu.size(); ++i) {
        long d = std::abs(static_cast<int>(gpu[i]) - static_cast<int>(cpu[i]));
        worst = std::max(worst, d);
        off += d > 0;
    }
    EXPECT_LE(worst, 1) << off << " bytes differ";
}

INSTANTIATE_TEST_SUITE_P(Sizes, PlanesGenerationMatches,
                         ::testing::Values(std::make_pair(256, 192), std::make_pair(250, 130), std::make_pair(512, 512)));

class PlanesCompositeMatches : public ::testing::TestWithParam<std::tuple<int, int, int>> {};

TEST_P(PlanesCompositeMatches, GoodEqualsCpuWithinOne) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto [w, blend, frame] = GetParam();
    auto scene = makePlanes("default", 40);
    scene->setParameter("blend", std::to_string(blend));  // a choice, by index
    CudaStream stream;
    advanceTo(*scene, frame, stream.get());
    HostImage gpu = renderOffline(*scene, 0, {w, 150}, stream.get());
    HostImage cpu(w, 150);
    scene->renderReference(cpu, true);
    ImageComparison r = compareImages(gpu, cpu, scene->checkRule().channelTolerance);
    EXPECT_EQ(r.differingPixels, 0) << "largest difference " << r.maxChannelDifference;
}

INSTANTIATE_TEST_SUITE_P(ModesSizesFrames, PlanesCompositeMatches,
                         ::testing::Combine(::testing::Values(256, 250), ::testing::Values(0, 1), ::testing::Values(0, 37)));

TEST(PlanesRacy, BadDiffersFromGoodOnAContendedPreset) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto scene = makePlanes("1000x50");
    CudaStream stream;
    HostImage good = renderOffline(*scene, 0, {256, 256}, stream.get());
    HostImage bad = renderOffline(*scene, 1, {256, 256}, stream.get());
    EXPECT_GT(compareImages(bad, good, 1.5f / 255.f).differingPixels, 256 * 256 / 10);
}

TEST(PlanesMemory, OversizedPlaneSetsAreRefusedWithTheNumbers) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto scene = makePlanes("default", 100000);  // 100,000 planes of 1024x1024: 400 GiB
    CudaStream stream;
    try {
        renderOffline(*scene, 0, {1024, 1024}, stream.get());
        FAIL() << "400 GiB of planes were accepted";
    } catch (const Error& e) {
        std::string text = e.what();
        EXPECT_NE(text.find("MiB of GPU memory"), std::string::npos) << text;
        EXPECT_NE(text.find("fewer planes"), std::string::npos) << text;
    }
}
