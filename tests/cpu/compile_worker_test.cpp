// NVRTC compiles in racelab's compile process (userkernel/compile_worker.hpp): the same build as an in-process
// compile, diagnostics and all; a compile past the time limit is stopped, said so, and the next compile runs in
// a fresh process.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "nvrtc_test_support.hpp"
#include "fresh_folder.hpp"
#include "small_kernels.hpp"
#include "userkernel/build/compile_worker.hpp"
#include "userkernel/build/nvrtc_library.hpp"

namespace fs = std::filesystem;
using namespace racelab::userkernel;

namespace {

const char* const kGoodKernel = racelab::testing::kSmallCirclesKernel;

// A loop NVRTC is told to unroll 2^20 times: some 13 s and 175 MB of compiling for a few lines.
const char* kEndlessUnroll = R"(#include <racelab/circles.cuh>
__global__ void paint() {
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < (1 << 20); ++i) sum += cuConstRendererParams.radius[i & 1023] * i;
    cuConstRendererParams.imageData[0] = sum;
}
RACELAB_LAUNCHES(RACELAB_PER_ITEM(paint, RACELAB_PIXELS, 256));
)";

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST(CompileWorker, BuildsWhatAnInProcessCompileBuildsWithTheSameDiagnostics) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("compile-worker-same");
    const std::string good = racelab::testing::writeTestFile(folder / "good.cu", kGoodKernel);
    const std::string broken = racelab::testing::writeTestFile(folder / "broken.cu", "#include <racelab/circles.cuh>\n__global__ void k() { y = 1; }\n");
    CompileWorker worker;
    const KernelBuild there = worker.compile({good, "sm_75", {}, {}}, "");
    const KernelBuild here = compileKernel({good, "sm_75", {}, {}}, KernelCache(""));
    ASSERT_TRUE(there.ok) << there.messages();
    EXPECT_EQ(there.cubin, here.cubin);
    const KernelBuild error = worker.compile({broken, "sm_75", {}, {}}, "");  // `y` is column 23, counted by hand
    EXPECT_FALSE(error.ok);
    ASSERT_EQ(errorCount(error.diagnostics), 1) << error.messages();
    EXPECT_EQ(error.diagnostics[0].headline(), broken + ":2:23: error: identifier \"y\" is undefined");
    fs::remove_all(folder);
}

TEST(CompileWorker, ACompilePastTheTimeLimitIsStoppedAndTheNextCompileRuns) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("compile-worker-limit");
    const std::string endless = racelab::testing::writeTestFile(folder / "endless.cu", kEndlessUnroll);
    const std::string good = racelab::testing::writeTestFile(folder / "good.cu", kGoodKernel);
    CompileWorker worker(CompileLimits{1.5, 8LL << 30});
    const auto start = std::chrono::steady_clock::now();
    const KernelBuild stopped = worker.compile({endless, "sm_75", {}, {}}, "");
    const double seconds = secondsSince(start);
    EXPECT_FALSE(stopped.ok);
    EXPECT_NE(stopped.failure.find("NVRTC did not finish compiling it within 1.5 s"), std::string::npos) << stopped.failure;
    EXPECT_NE(stopped.failure.find("unroll"), std::string::npos) << stopped.failure;
    EXPECT_LT(seconds, 4.0) << "stopped at its limit, not when NVRTC gave up";
    const KernelBuild next = worker.compile({good, "sm_75", {}, {}}, "");
    EXPECT_TRUE(next.ok) << next.messages();
    fs::remove_all(folder);
}
