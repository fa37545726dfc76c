// The epicycles on the GPU: the good variant's frame and trail equal the CPU-drawn ones within tolerance;
// the racy variant differs.
#include <gtest/gtest.h>

#include <algorithm>

#include "frame/offline_frame.hpp"
#include "core/fault_injection.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/fourier/epicycle_reference.hpp"
#include "scenes/fourier/fourier_scene.hpp"
#include "scenes/fourier/gpu_fft.hpp"

using namespace racelab;
using namespace racelab::fourier;

TEST(FourierGpu, GoodFrameAndTrailEqualTheCpuReference) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    FourierScene scene("text", options);
    CudaStream stream;
    const int w = 960, h = 540;
    HostImage gpu;
    long at = 0;
    for (long f : {0L, 150L, 420L}) {  // successive frames: the trail accumulates across draws
        advanceTo(scene, f - at, stream.get());
        at = f;
        gpu = renderOffline(scene, 0, {w, h}, stream.get());
        HostImage cpu(w, h);
        scene.renderReference(cpu, true);
        ImageComparison r = compareImages(gpu, cpu, scene.checkRule().channelTolerance);
        EXPECT_LE(r.differingPixels, scene.checkRule().maxDifferingPixels) << "frame " << f << ", largest difference "
                                                                           << r.maxChannelDifference;
    }
    ReferenceDrawSettings s{scene.mappingFor(w, h), scene.periodFrames(), true, true};
    std::vector<std::uint32_t> cpuTrail = referenceTrail(scene.terms(), s, 420, w, h);
    std::vector<std::uint32_t> gpuTrail = scene.gpuTrail(0, stream.get());
    ASSERT_EQ(cpuTrail.size(), gpuTrail.size());
    long off = 0, lit = 0;
    for (std::size_t i = 0; i < cpuTrail.size(); ++i) {
        off += std::abs(static_cast<int>(cpuTrail[i]) - static_cast<int>(gpuTrail[i])) > 3;
        lit += cpuTrail[i] > 0;
    }
    EXPECT_GT(lit, 1000);
    EXPECT_LE(off, 50) << "of " << lit << " trail pixels";
}

TEST(FourierGpu, RacyVariantDiffers) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    FourierScene good("text", options), bad("text", options);
    bad.setParameter("terms", "2000");
    bad.regenerate();
    good.setParameter("terms", "2000");
    good.regenerate();
    CudaStream stream;
    advanceTo(good, 300, stream.get());
    advanceTo(bad, 300, stream.get());
    HostImage a = renderOffline(good, 0, {960, 540}, stream.get());
    long differing = 0;
    for (int attempt = 0; attempt < 5 && differing == 0; ++attempt) {
        HostImage b = renderOffline(bad, 1, {960, 540}, stream.get());
        differing = compareImages(b, a, 3.5f / 255.f).differingPixels;
    }
    EXPECT_GT(differing, 100);
}


TEST(FourierGpu, CufftEqualsThePlainDft) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    std::vector<std::complex<float>> samples;
    for (int i = 0; i < 1000; ++i)
        samples.emplace_back(100.f * std::sin(i * .37f) + i * .1f, 50.f * std::cos(i * .11f) - i * .05f);
    std::vector<Epicycle> gpu;
    std::string why;
    CudaStream stream;
    if (!dftWithCufft(samples, gpu, stream.get(), &why)) GTEST_SKIP() << "cuFFT not available here: " << why;
    std::vector<Epicycle> cpu = dft(samples);
    ASSERT_EQ(gpu.size(), cpu.size());
    float largest = 0.f;
    for (const auto& e : cpu) largest = std::max(largest, std::abs(e.coefficient));
    for (std::size_t i = 0; i < cpu.size(); ++i) {
        EXPECT_EQ(gpu[i].frequency, cpu[i].frequency);
        EXPECT_LT(std::abs(gpu[i].coefficient - cpu[i].coefficient), 1e-4f * largest) << "k = " << cpu[i].frequency;
    }
}

// With the cuda backend the scene uses cuFFT; when the plan cannot be made (simulated: RACELAB_FAIL_CUFFT=plan)
// it draws with the plain DFT and the panel says so and why.
TEST(FourierGpu, FailedCufftPlanFallsBackToTheDftWithTheReason) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    options.backend = Backend::Cuda;
    {
        FourierScene scene("text", options);
        if (scene.transform() != "cuFFT") GTEST_SKIP() << "cuFFT not available here: " << scene.transformWhyNot();
        EXPECT_TRUE(scene.transformWhyNot().empty()) << scene.transformWhyNot();
    }
    faultInjection().failCufft = CufftFault::Plan;
    FourierScene scene("text", options);
    faultInjection().failCufft = CufftFault::None;
    EXPECT_EQ(scene.transform(), "plain DFT");
    EXPECT_NE(scene.transformWhyNot().find("cufftPlan1d for N = 4096 failed"), std::string::npos) << scene.transformWhyNot();
    EXPECT_NE(scene.statsLine().find("plain DFT: cufftPlan1d"), std::string::npos) << scene.statsLine();
    EXPECT_FALSE(scene.terms().empty());
}

// "trail: clear now" restarts the trail at the current frame and "source contours" dots the preprocessed
// points; the GPU draws both as the CPU reference does, and both visibly change the frame.
TEST(FourierGpu, ClearedTrailAndSourceDotsEqualTheCpuReference) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    FourierScene scene("text", options);
    auto set = [&](const std::string& name, int value) { scene.setParameter(name, std::to_string(value)); };
    CudaStream stream;
    const int w = 960, h = 540;
    advanceTo(scene, 150, stream.get());
    renderOffline(scene, 0, {w, h}, stream.get());  // the trail of frames 1..150
    set("trail", 1);
    set("source", 1);
    renderOffline(scene, 0, {w, h}, stream.get());  // cleared at 150
    advanceTo(scene, 150, stream.get());
    HostImage gpu = renderOffline(scene, 0, {w, h}, stream.get());
    HostImage cpu(w, h);
    scene.renderReference(cpu, true);
    ImageComparison r = compareImages(gpu, cpu, scene.checkRule().channelTolerance);
    EXPECT_LE(r.differingPixels, scene.checkRule().maxDifferingPixels) << "largest difference " << r.maxChannelDifference;

    ReferenceDrawSettings whole{scene.mappingFor(w, h), scene.periodFrames(), true, true};
    ReferenceDrawSettings cleared = whole;
    cleared.trailFrom = 150;
    auto lit = [](const std::vector<std::uint32_t>& trail) { return std::count_if(trail.begin(), trail.end(), [](auto c) { return c > 0; }); };
    EXPECT_LT(lit(referenceTrail(scene.terms(), cleared, 300, w, h)) * 3,
              lit(referenceTrail(scene.terms(), whole, 300, w, h)) * 2)
        << "clearing at frame 150 of 300 should leave about half the trail";
    set("source", 0);
    HostImage withoutDots(w, h);
    scene.renderReference(withoutDots, true);
    EXPECT_GT(compareImages(cpu, withoutDots, 0.f).differingPixels, 500) << "the source dots are not drawn";
}
