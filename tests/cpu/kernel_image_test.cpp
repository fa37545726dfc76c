// Which of the binary's GPU code a GPU runs (core/kernel_image.hpp): the driver's rule for every kind of
// GPU against the default CUDA 13 list, and what `racelab list` / `bench` print on a machine without one.
#include <gtest/gtest.h>

#include "core/kernel_image.hpp"
#include "process_runner.hpp"

using namespace racelab;

namespace {
const BuiltGpuCode kCuda13{{75, 80, 86, 89, 90, 100, 120}, {75}, "13.0"};
}

TEST(KernelImage, SassForTheGpuItsMajorOrPtx) {
    struct Case {
        int cc;
        KernelSource source;
        int arch;
    };
    const Case cases[] = {
        {75, KernelSource::SassForThisGpu, 75},   // Turing
        {80, KernelSource::SassForThisGpu, 80},   // A100
        {86, KernelSource::SassForThisGpu, 86},   // RTX 30xx
        {87, KernelSource::SassSameMajor, 86},    // Orin: sm_86 runs on 8.7
        {89, KernelSource::SassForThisGpu, 89},   // Ada
        {90, KernelSource::SassForThisGpu, 90},   // H100 / H200
        {100, KernelSource::SassForThisGpu, 100}, // B200
        {103, KernelSource::SassSameMajor, 100},  // B300
        {110, KernelSource::JitFromPtx, 75},      // Thor: no SASS of major 11
        {120, KernelSource::SassForThisGpu, 120}, // RTX 50xx
        {121, KernelSource::SassSameMajor, 120},  // DGX Spark
        {130, KernelSource::JitFromPtx, 75},      // a GPU that does not exist yet
        {70, KernelSource::None, 0},              // Volta: CUDA 13 builds nothing it runs
    };
    for (const Case& c : cases) {
        const KernelImageChoice choice = chooseKernelImage(c.cc, kCuda13);
        EXPECT_EQ(choice.source, c.source) << "sm_" << c.cc;
        EXPECT_EQ(choice.arch, c.arch) << "sm_" << c.cc;
    }
    // A lower minor never runs a higher one's cubin: sm_86 SASS does not serve an 8.0 GPU.
    const BuiltGpuCode only86{{86}, {86}, "13.0"};
    EXPECT_EQ(chooseKernelImage(80, only86).source, KernelSource::None);
    EXPECT_EQ(chooseKernelImage(89, only86).source, KernelSource::SassSameMajor);
    EXPECT_EQ(chooseKernelImage(90, only86).source, KernelSource::JitFromPtx);
}

TEST(KernelImage, DescriptionsSayWhereTheKernelsComeFrom) {
    EXPECT_EQ(describeKernelChoice({KernelSource::SassForThisGpu, 89}, 89), "kernels run from SASS sm_89 built for it");
    EXPECT_NE(describeKernelChoice({KernelSource::SassSameMajor, 86}, 87).find("compatible with sm_87 (same major"),
              std::string::npos);
    EXPECT_NE(describeKernelChoice({KernelSource::JitFromPtx, 75}, 110).find("PTX compute_75, JIT-compiled"), std::string::npos);
    EXPECT_EQ(describeKernelChoice({}, 70), "no kernel in this binary runs on sm_70");
    EXPECT_EQ(describeBuiltGpuCode(kCuda13), "SASS sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120 + PTX compute_75 (CUDA 13.0)");
}

TEST(KernelImage, ListAndBenchPrintTheGpuAndTheBinarysCode) {
    const std::string built = describeBuiltGpuCode(builtGpuCode());
    ProcessResult list = runRacelab("list");
    ASSERT_EQ(list.exitCode, 0) << list.output;
    EXPECT_NE(list.output.find("GPU: "), std::string::npos) << list.output;
    EXPECT_NE(list.output.find("GPU code in this binary: " + built), std::string::npos) << list.output;
#ifdef RACELAB_HAVE_CUDA
    EXPECT_NE(built.find("SASS sm_"), std::string::npos) << built;
#else
    EXPECT_NE(built.find("no CUDA backend"), std::string::npos) << built;
#endif
    ProcessResult bench = runRacelab("bench --backend cpu --present none --scene circles/rand10k --size 64x64 --frames 2 --warmup 0");
    ASSERT_EQ(bench.exitCode, 0) << bench.output;
    EXPECT_NE(bench.output.find("GPU code: "), std::string::npos) << bench.output;
}
