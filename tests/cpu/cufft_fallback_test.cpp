// When the Fourier scene cannot use cuFFT it uses the plain DFT and says why, on the panel (statsLine)
// and in bench. Without a GPU the reasons reachable here are the cpu backend, the missing device or
// CUDA build, and a simulated missing library (RACELAB_FAIL_CUFFT=load); FourierGpu.* covers a failed plan.
#include <gtest/gtest.h>

#include <cmath>

#include "core/fault_injection.hpp"
#include "scenes/fourier/fourier_scene.hpp"
#include "scenes/fourier/gpu_fft.hpp"
#include "process_runner.hpp"

using namespace racelab;
using namespace racelab::fourier;

namespace {
std::vector<std::complex<float>> someSamples() {
    std::vector<std::complex<float>> samples;
    for (int i = 0; i < 64; ++i) samples.emplace_back(std::cos(i * .1f), std::sin(i * .3f));
    return samples;
}
}  // namespace

TEST(CufftFallback, SaysWhyCufftWasNotUsed) {
    std::vector<Epicycle> out;
    std::string why;
    faultInjection().failCufft = CufftFault::Load;
    const bool used = dftWithCufft(someSamples(), out, nullptr, &why);
    faultInjection().failCufft = CufftFault::None;
    EXPECT_FALSE(used);
#ifdef RACELAB_HAVE_CUDA
    EXPECT_NE(why.find("cuFFT libcufft.so."), std::string::npos) << why;  // the exact soname of the build's toolkit
    EXPECT_NE(why.find("simulated, RACELAB_FAIL_CUFFT=load"), std::string::npos) << why;
    EXPECT_NE(cufftLibraryName().find("(CUDA "), std::string::npos) << cufftLibraryName();
#else
    EXPECT_EQ(why, "this build has no CUDA backend");
#endif
}

TEST(CufftFallback, PanelAndBenchNameTheTransformAndTheReason) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    FourierScene scene("text", options);
    EXPECT_EQ(scene.transform(), "plain DFT");
    EXPECT_EQ(scene.transformWhyNot(), "cpu backend");
    EXPECT_NE(scene.statsLine().find("plain DFT: cpu backend"), std::string::npos) << scene.statsLine();
    ProcessResult bench = runRacelab("bench --backend cpu --present none --scene fourier/text --size 96x54 --frames 2 --warmup 0");
    ASSERT_EQ(bench.exitCode, 0) << bench.output;
    EXPECT_NE(bench.output.find("plain DFT: cpu backend"), std::string::npos) << bench.output;
}
