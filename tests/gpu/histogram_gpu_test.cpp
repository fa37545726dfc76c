// The histogram on the GPU: good and warp count exactly what the CPU reference counts (bins equal, no lost
// update) for each generated preset, bin counts 2, 256 and 4096 and odd input counts, and draw the
// reference's frame pixel for pixel; bad loses updates at the default size and never invents any.
#include <numeric>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "frame/offline_frame.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/histogram/histogram_scene.hpp"

using namespace racelab;
using namespace racelab::histogram;

namespace {

std::unique_ptr<HistogramScene> makeHistogram(const std::string& preset, int count, int bins) {
    SceneOptions options;
    options.count = count;
    auto scene = std::make_unique<HistogramScene>(preset, options);
    scene->setParameter("bins", std::to_string(bins));
    return scene;
}

long long total(const std::vector<std::uint32_t>& bins) { return std::accumulate(bins.begin(), bins.end(), 0LL); }

constexpr int kGood = 0, kBad = 1, kWarp = 2;

}  // namespace

class HistogramCorrectVariants : public ::testing::TestWithParam<std::tuple<std::string, int, int>> {};

TEST_P(HistogramCorrectVariants, BinsAndFrameEqualTheReferenceExactly) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const auto& [preset, bins, count] = GetParam();
    auto scene = makeHistogram(preset, count, bins);
    CudaStream stream;
    EXPECT_EQ(scene->deviceInputs(stream.get()), scene->inputs()) << "the GPU makes the same inputs from the same hash";
    HostImage reference(640, 200);
    scene->renderReference(reference, true);
    for (int variant : {kGood, kWarp}) {
        SCOPED_TRACE(scene->variants()[variant].name);
        HostImage gpu = renderOffline(*scene, variant, {640, 200}, stream.get());
        EXPECT_EQ(scene->deviceBins(stream.get()), scene->referenceBins());
        auto race = scene->exactRaceCount(stream.get());
        ASSERT_TRUE(race.has_value());
        EXPECT_EQ(race->lost, 0);
        EXPECT_EQ(race->of, count);
        ImageComparison r = compareImages(gpu, reference, scene->checkRule().channelTolerance);  // tolerance 0
        EXPECT_EQ(r.differingPixels, 0) << "largest difference " << r.maxChannelDifference;
    }
}

INSTANTIATE_TEST_SUITE_P(PresetsBinsCounts, HistogramCorrectVariants,
                         ::testing::Combine(::testing::Values("random", "skewed"), ::testing::Values(2, 256, 4096),
                                            ::testing::Values(1, 1000003, 4194304)));

TEST(HistogramRacy, BadLosesUpdatesButNeverGainsAny) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const char* preset : {"random", "skewed"}) {
        SCOPED_TRACE(preset);
        auto scene = makeHistogram(preset, 0, 256);  // the default 4,194,304 inputs
        CudaStream stream;
        long long mostLost = 0;
        for (int frame = 0; frame < 5; ++frame) {
            renderOffline(*scene, kBad, {320, 120}, stream.get());
            const auto bins = scene->deviceBins(stream.get());
            auto race = scene->exactRaceCount(stream.get());
            ASSERT_TRUE(race.has_value());
            EXPECT_LE(total(bins), 4194304) << "a lost update can only lower a count";
            EXPECT_EQ(race->lost, 4194304 - total(bins));
            for (std::size_t b = 0; b < bins.size(); ++b) EXPECT_LE(bins[b], scene->referenceBins()[b]) << "bin " << b;
            mostLost = std::max(mostLost, race->lost);
        }
        EXPECT_GT(mostLost, 0) << "5 frames of racy += on 4M inputs lost nothing";
    }
}
