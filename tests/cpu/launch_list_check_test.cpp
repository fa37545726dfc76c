// What NVRTC accepts or buries, caught at compile time at the user's own line (userkernel/launch_list_check.hpp):
// a launch list or setup list naming a __device__ function (the build fails there, not when the worker loads
// it), a buffer argument the scratch list does not hold, and thrust included in a launch-list file (refused
// before NVRTC, with what to use instead). A correct file compiles, from NVRTC and from the cache alike; and the
// cubin reader finds the kernels and the launch table NVRTC wrote.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "nvrtc_test_support.hpp"
#include "fresh_folder.hpp"
#include "small_kernels.hpp"
#include "userkernel/worker/cubin_symbols.hpp"
#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/build/nvrtc_library.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

TEST(LaunchListCheck, ADeviceFunctionInTheLaunchListFailsTheBuildAtItsLine) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-device");
    const std::string file = racelab::testing::writeTestFile(folder / "device.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__device__ void shade() {}\n"
                                   "__global__ void clearTiles() {}\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_PIXEL(clearTiles, 16, 16),\n"
                                   "                 RACELAB_PER_PIXEL(shade, 16, 16))\n");
    for (const std::string& cache : {std::string(), (folder / "cache").string(), (folder / "cache").string()}) {
        const KernelBuild build = racelab::testing::compileForTest(file, "sm_75", cache);  // the third compile comes from the cache
        EXPECT_FALSE(build.ok);
        EXPECT_TRUE(build.cubin.empty()) << "a build that fails is never run";
        const std::string messages = build.messages();
        EXPECT_NE(messages.find(file + ":5:36: error: the launch list names shade, which is no __global__ function"),
                  std::string::npos)
            << messages;
        EXPECT_EQ(messages.find("clearTiles,"), std::string::npos) << "the kernel is not blamed: " << messages;
    }
}

// The setup list is checked as the launch list is: a __device__ function there fails the build at its line.
TEST(LaunchListCheck, ADeviceFunctionInTheSetupListFailsTheBuildAtItsLine) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("setup-list-device");
    const std::string file = racelab::testing::writeTestFile(folder / "setup.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__device__ void prepare() {}\n"
                                   "__global__ void render() {}\n"
                                   "RACELAB_SETUP(RACELAB_FIXED(prepare, 1, 1, 32, 1));\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_PIXEL(render, 16, 16))\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    EXPECT_FALSE(build.ok);
    EXPECT_TRUE(build.cubin.empty());
    ASSERT_EQ(errorCount(build.diagnostics), 1) << build.messages();
    // Column 29: `prepare` after "RACELAB_SETUP(RACELAB_FIXED(".
    EXPECT_EQ(build.diagnostics[0].headline().rfind(file + ":4:29: error: the launch list names prepare, which is no __global__ function", 0),
              0u)
        << build.messages();
    EXPECT_EQ(build.messages().find("render"), std::string::npos) << "the kernel is not blamed: " << build.messages();
}

// A buffer argument is a __device__ pointer of the file's, so NVRTC takes one the scratch list lacks; racelab
// would never set it, and the kernel would get a null pointer. The build fails at the launch instead.
TEST(LaunchListCheck, ABufferArgumentMissingFromTheScratchListFailsTheBuildAtItsLaunch) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-stray");
    const std::string launches = "__global__ void clear() {}\n"
                                 "__global__ void shade(const float* p, int n) { (void)p, (void)n; }\n"
                                 "RACELAB_LAUNCHES(RACELAB_PER_PIXEL(clear, 16, 16),\n"
                                 "                 RACELAB_PER_PIXEL(shade, 16, 16, RACELAB_ARGS(RACELAB_ARG_BUFFER(stray), RACELAB_ARG_CAPACITY(stray))))\n";
    // With a scratch list that holds another buffer, and with none at all: `shade`'s launch is on line 8, then 7.
    const std::string listed = racelab::testing::writeTestFile(folder / "listed.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__device__ int* tileCounts;\n"
                                   "__device__ float* stray;\n"
                                   "RACELAB_SCRATCH(RACELAB_BUFFER(tileCounts, RACELAB_TILES16, 1));\n" + launches);
    const std::string unlisted = racelab::testing::writeTestFile(folder / "unlisted.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__device__ int* tileCounts;\n"
                                   "__device__ float* stray;\n" + launches);
    for (const auto& [file, line] : {std::pair{listed, 8}, std::pair{unlisted, 7}}) {
        SCOPED_TRACE(file);
        const KernelBuild build = racelab::testing::compileForTest(file);
        EXPECT_FALSE(build.ok);
        EXPECT_TRUE(build.cubin.empty()) << "a build that fails is never run";
        // NVRTC itself found nothing: the one error is racelab's, after it, at `shade` (column 36).
        ASSERT_EQ(build.diagnostics.size(), 1u) << build.messages();
        EXPECT_EQ(build.diagnostics[0].headline(),
                  file + ":" + std::to_string(line) +
                      ":36: error: argument 1 of shade names stray, which is no buffer of the scratch list: list it in RACELAB_SCRATCH(...)");
    }
}

TEST(LaunchListCheck, ThrustInALaunchListFileIsRefusedAtItsIncludeWithWhatToUse) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-thrust");
    racelab::testing::writeTestFile(folder / "helpers.cuh", "#pragma once\n  #  include \"thrust/scan.h\"\n");
    const std::string file = racelab::testing::writeTestFile(folder / "sorted.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "#include <thrust/sort.h>\n"
                                   "#include \"helpers.cuh\"\n"
                                   "__global__ void render() {}\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_PIXEL(render, 16, 16))\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    EXPECT_FALSE(build.ok);
    ASSERT_EQ(build.diagnostics.size(), 2u) << build.messages();
    EXPECT_EQ(build.diagnostics[0].headline().rfind(file + ":2:11: error: thrust (thrust/sort.h) is called from host code", 0), 0u)
        << build.diagnostics[0].headline();
    EXPECT_EQ(build.diagnostics[1].file, (folder / "helpers.cuh").string());
    EXPECT_EQ(build.diagnostics[1].line, 2);
    EXPECT_NE(build.messages().find("CUB's block-wide primitives"), std::string::npos);
    EXPECT_EQ(build.messages().find("-default-device"), std::string::npos) << "NVRTC's flood is not shown";
}

TEST(LaunchListCheck, ACorrectFileCompilesAndItsCubinShowsItsKernelsAndLaunchTable) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-good");
    const std::string file = racelab::testing::writeTestFile(folder / "good.cu", racelab::testing::kSmallCirclesKernel);
    const KernelBuild build = racelab::testing::compileForTest(file);
    ASSERT_TRUE(build.ok) << build.messages();
    const std::optional<CubinSymbols> symbols = readCubinSymbols(build.cubin);
    ASSERT_TRUE(symbols.has_value());
    EXPECT_FALSE(symbols->kernels.empty());
    const auto count = symbols->variableBytes("racelabLaunchCount");
    ASSERT_TRUE(count.has_value());
    ASSERT_EQ(count->size(), 4u);
    const auto table = symbols->variableBytes("racelabLaunches");
    ASSERT_TRUE(table.has_value());
    int launches = 0;
    std::memcpy(&launches, count->data(), 4);
    ASSERT_GT(launches, 0);
    // Each entry's first 64 bytes are its kernel's name, which is one of the kernels.
    const std::size_t stride = table->size() / static_cast<std::size_t>(launches);
    for (int i = 0; i < launches; ++i) {
        const char* name = reinterpret_cast<const char*>(table->data() + static_cast<std::size_t>(i) * stride);
        EXPECT_NE(std::find(symbols->kernels.begin(), symbols->kernels.end(), std::string(name, strnlen(name, 64))),
                  symbols->kernels.end())
            << name;
    }
    EXPECT_FALSE(readCubinSymbols({1, 2, 3}).has_value()) << "not an ELF file";
}

// The worker asks CUDA only for the data symbols a cubin lists (worker/module_globals), so the list must hold every
// namespace-scope variable, with bytes in the file or without, and no kernel.
TEST(LaunchListCheck, ACubinListsEveryDataSymbolInitialisedOrNot) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-symbols");
    const std::string file = racelab::testing::writeTestFile(
        folder / "symbols.cu", std::string(racelab::testing::kSmallCirclesKernel) +
                                   "__device__ int startsAtThree = 3;\n"
                                   "__device__ float neverInitialised[8];\n"
                                   "namespace inner { __device__ int counter; }\n"
                                   "__global__ void touch() { neverInitialised[threadIdx.x & 7] = startsAtThree + inner::counter; }\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    ASSERT_TRUE(build.ok) << build.messages();
    const std::optional<CubinSymbols> symbols = readCubinSymbols(build.cubin);
    ASSERT_TRUE(symbols.has_value());
    const auto has = [&](const std::string& name) {
        return std::find(symbols->dataSymbols.begin(), symbols->dataSymbols.end(), name) != symbols->dataSymbols.end();
    };
    EXPECT_TRUE(has("startsAtThree"));
    EXPECT_TRUE(has("neverInitialised"));
    EXPECT_FALSE(symbols->variableBytes("neverInitialised").has_value()) << "no bytes in the file";
    EXPECT_TRUE(has("_ZN5inner7counterE")) << "a namespace's variable by its mangled name, as CUDA looks it up";
    EXPECT_TRUE(has("racelabLaunchCount"));
    EXPECT_FALSE(has("racelabAccessMode")) << "a plain build has no access checks";
    EXPECT_FALSE(has("touch")) << "a kernel is no data symbol";
}

TEST(LaunchListCheck, KernelNamesAreDemangledWithoutTheirParameters) {
    EXPECT_EQ(plainKernelName("_Z6renderv"), "render");
    EXPECT_EQ(plainKernelName("_ZN2ns6renderEv"), "ns::render");
    EXPECT_EQ(plainKernelName("renderTiles"), "renderTiles");  // extern "C": not mangled
    // A template's return type and an anonymous namespace are no part of the name a launch list writes.
    EXPECT_EQ(plainKernelName("_Z1kILi16EEvv"), "k<16>");
    EXPECT_EQ(plainKernelName("_ZN12_GLOBAL__N_11kEv"), "k");
    EXPECT_EQ(plainKernelName("_Z1kIjEvPi"), "k<unsigned int>");
    EXPECT_EQ(kernelNameKey("k<unsigned int>"), kernelNameKey("k< unsigned int >"));
    EXPECT_EQ(kernelNameKey("::ns::render"), "ns::render");
    // The parameter list the worker checks a launch's arguments against, parentheses of the name aside.
    EXPECT_EQ(kernelParameterList("_ZN12_GLOBAL__N_11kEv"), "()");
    EXPECT_EQ(kernelParameterList("_Z1kIjEvPi"), "(int*)");
    EXPECT_EQ(kernelParameterList("renderTiles"), "");  // extern "C": unknown
    EXPECT_EQ(parameterCount("()"), 0);
    EXPECT_EQ(parameterCount("(int, float*, k<1, 2>)"), 3);
    EXPECT_EQ(parameterCount(""), -1);
}

// The course's helpers reach a launch-list file as they reach its whole program: circleBoxTest.cu_inl and
// exclusiveScan.cu_inl as racelab's harness has them, lookupColor.cu_inl as an empty stand-in, since
// racelab/circles.cuh defines lookupColor itself (the harness's would define it twice).
TEST(LaunchListCheck, TheCoursesHelpersCompileInALaunchListFile) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-helpers");
    const std::string file = racelab::testing::writeTestFile(folder / "helpers.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "#include \"circleBoxTest.cu_inl\"\n"
                                   "#define SCAN_BLOCK_DIM 256\n"
                                   "#include \"exclusiveScan.cu_inl\"\n"
                                   "#include \"lookupColor.cu_inl\"\n"
                                   "__global__ void flagAndScan() {\n"
                                   "    __shared__ uint flags[256], offsets[256], scratch[2 * 256];\n"
                                   "    const float3 ramp = lookupColor(.5f);\n"
                                   "    flags[threadIdx.x] = circleInBox(ramp.x, .5f, .1f, 0.f, 1.f, 1.f, 0.f);\n"
                                   "    __syncthreads();\n"
                                   "    sharedMemExclusiveScan(threadIdx.x, flags, offsets, scratch, 256);\n"
                                   "}\n"
                                   "RACELAB_LAUNCHES(RACELAB_FIXED(flagAndScan, 1, 1, 256, 1))\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    EXPECT_TRUE(build.ok) << build.messages();
    EXPECT_EQ(errorCount(build.diagnostics), 0) << build.messages();
}

// noiseCuda.cu_inl reads tables that only host code fills: in a launch-list file it is refused, saying why,
// rather than compiled to read zeros.
TEST(LaunchListCheck, TheCoursesNoiseHelperIsRefusedInALaunchListFileSayingWhy) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-noise");
    const std::string file = racelab::testing::writeTestFile(folder / "noise.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__constant__ int cuConstNoiseXPermutationTable[256];\n"
                                   "__constant__ int cuConstNoiseYPermutationTable[256];\n"
                                   "__constant__ float cuConstNoise1DValueTable[256];\n"
                                   "#include \"noiseCuda.cu_inl\"\n"
                                   "__global__ void k() {}\n"
                                   "RACELAB_LAUNCHES(RACELAB_FIXED(k, 1, 1, 1, 1))\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    EXPECT_FALSE(build.ok);
    EXPECT_NE(build.messages().find("racelab moves the snow itself before every frame, so leave the include out"), std::string::npos)
        << build.messages();
}

// A template kernel is compiled only where the file instantiates it; its launch says so, and with the
// instantiation the same launch list (and a kernel in an anonymous namespace) compiles.
TEST(LaunchListCheck, ATemplateKernelIsLaunchedOnceTheFileInstantiatesIt) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("launch-list-template");
    const std::string bare = racelab::testing::writeTestFile(folder / "bare.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "template <int N> __global__ void k() {}\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k<16>, RACELAB_CIRCLES, 128));\n");
    const KernelBuild refused = racelab::testing::compileForTest(bare);
    EXPECT_FALSE(refused.ok);
    EXPECT_NE(refused.messages().find(bare + ":3:35: error: the launch list names k<16>, an instance of a template"), std::string::npos)
        << refused.messages();
    const std::string instantiated = racelab::testing::writeTestFile(folder / "instantiated.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "template <int N> __global__ void k() {}\n"
                                   "template __global__ void k<16>();\n"
                                   "namespace { __global__ void hidden() {} }\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k<16>, RACELAB_CIRCLES, 128), RACELAB_PER_ITEM(hidden, RACELAB_CIRCLES, 128));\n");
    const KernelBuild built = racelab::testing::compileForTest(instantiated);
    EXPECT_TRUE(built.ok) << built.messages();
}
