// racelab compile, and check --kernel where no GPU is: a learner without a GPU still gets the compiler's
// FILE:LINE:COL: error: lines, for the architecture asked for, and the exit code tells "compiles" (0) from
// "does not" (1) and from "racelab could not" (2).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "nvrtc_test_support.hpp"
#include "core/asset_paths.hpp"
#include "core/gpu_timing.hpp"
#include "fresh_folder.hpp"
#include "process_runner.hpp"
#include "racelab_with_own_cache.hpp"
#include "userkernel/build/nvrtc_library.hpp"

namespace fs = std::filesystem;
using namespace racelab;

namespace {

// Line 4 uses a name that does not exist, at column 5.
const char* kBrokenKernel = R"(#include <racelab/circles.cuh>
__global__ void paint() {
    int i = blockIdx.x;
    undefinedThing(i);
}
RACELAB_LAUNCHES(RACELAB_PER_ITEM(paint, RACELAB_CIRCLES, 256));
)";

}  // namespace

TEST(CompileCommand, TheStarterCompilesForTheArchitectureAskedForAndNamesItsFamily) {
    REQUIRE_NVRTC();
    const std::string starter = findAsset("kernels/circles/starter.cu");
    const ProcessResult r = runRacelabCompile("compile '" + starter + "' --arch sm_90");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find(starter + ": compiles for sm_90 (the circles family's contract)"), std::string::npos) << r.output;
    // Without --arch: the lowest architecture this racelab carries code for (sm_75 in a CUDA 13 build of the
    // default list, sm_90 in a one-GPU build), never the GPU's, since there may be none.
    const ProcessResult lowest = runRacelabCompile("compile '" + starter + "'");
    EXPECT_EQ(lowest.exitCode, 0) << lowest.output;
    EXPECT_NE(lowest.output.find(": compiles for sm_"), std::string::npos) << lowest.output;
}

TEST(CompileCommand, AnErrorIsReportedAtItsLineAndColumnAndExitsOne) {
    REQUIRE_NVRTC();
    const fs::path folder = freshTestFolder("compile-command-broken");
    const std::string file = racelab::testing::writeTestFile(folder / "broken.cu", kBrokenKernel);
    const ProcessResult r = runRacelabCompile("compile '" + file + "' --arch sm_80");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find(file + ":4:5: error:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("undefinedThing"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(file + ": does not compile for sm_80"), std::string::npos) << r.output;
}

TEST(CompileCommand, TheWrongFamilyAndBadArgumentsAreRefusedWithWhatToDo) {
    REQUIRE_NVRTC();
    const std::string starter = findAsset("kernels/circles/starter.cu");
    const ProcessResult wrongFamily = runRacelabCompile("compile '" + starter + "' --family histogram");
    EXPECT_EQ(wrongFamily.exitCode, 1) << wrongFamily.output;
    EXPECT_NE(wrongFamily.output.find(starter + ":1:1: error: the file does not include racelab/histogram.cuh"),
              std::string::npos) << wrongFamily.output;
    const ProcessResult badArch = runRacelabCompile("compile '" + starter + "' --arch 90");
    EXPECT_EQ(badArch.exitCode, 2) << badArch.output;
    EXPECT_NE(badArch.output.find("sm_XX"), std::string::npos) << badArch.output;
    const ProcessResult unknownFamily = runRacelabCompile("compile '" + starter + "' --family triangles");
    EXPECT_EQ(unknownFamily.exitCode, 2) << unknownFamily.output;
    EXPECT_NE(unknownFamily.output.find("circles"), std::string::npos) << unknownFamily.output;
    const ProcessResult missing = runRacelabCompile("compile /nonexistent/kernel.cu");
    EXPECT_EQ(missing.exitCode, 2) << missing.output;
    EXPECT_NE(missing.output.find("/nonexistent/kernel.cu"), std::string::npos) << missing.output;
}

TEST(CompileCommand, CheckWithoutAGpuCompilesFirstAndSaysWhatDidNotRun) {
    REQUIRE_NVRTC();
    if (cudaUsable()) GTEST_SKIP() << "this machine has a CUDA device: check runs the kernel (tests/gpu)";
    const fs::path folder = freshTestFolder("compile-command-check");
    const std::string broken = racelab::testing::writeTestFile(folder / "broken.cu", kBrokenKernel);
    const ProcessResult bad = runRacelabCompile("check --scene circles/rgb --kernel '" + broken + "'");
    EXPECT_EQ(bad.exitCode, 1) << bad.output;
    EXPECT_NE(bad.output.find(broken + ":4:5: error:"), std::string::npos) << bad.output;
    EXPECT_NE(bad.output.find("FAIL"), std::string::npos) << bad.output;
    const std::string starter = findAsset("kernels/circles/starter.cu");
    const ProcessResult good = runRacelabCompile("check --scene circles/rgb --kernel '" + starter + "'");
    EXPECT_EQ(good.exitCode, 2) << good.output;
    EXPECT_NE(good.output.find("compiles for sm_"), std::string::npos) << good.output;
    EXPECT_NE(good.output.find("not checked:"), std::string::npos) << good.output;
    EXPECT_EQ(good.output.find("PASS"), std::string::npos) << good.output;
}

TEST(CompileCommand, GradeWithoutAGpuCompilesEverySubmissionAndBlamesNoneForWhatDidNotRun) {
    REQUIRE_NVRTC();
    if (cudaUsable()) GTEST_SKIP() << "this machine has a CUDA device: grade runs the submissions (tests/gpu)";
    const fs::path folder = freshTestFolder("compile-command-grade");
    fs::create_directories(folder / "class");
    fs::copy_file(findAsset("kernels/circles/starter.cu"), folder / "class" / "alice.cu");
    racelab::testing::writeTestFile(folder / "class" / "bob.cu", kBrokenKernel);
    const std::string json = (folder / "grades.json").string();
    const ProcessResult r = runRacelabCompile("grade '" + (folder / "class").string() +
                                              "' --scenes circles/rgb,circles/rand10k --json '" + json + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const nlohmann::json table = nlohmann::json::parse(std::ifstream(json));
    int alice = 0, bob = 0;
    for (const nlohmann::json& row : table.at("rows")) {
        if (row.at("submission") == "alice.cu") {
            ++alice;
            EXPECT_EQ(row.at("status"), "not-run") << row.dump();
            EXPECT_EQ(row.at("max_score"), 0) << row.dump();  // racelab's limit costs the student nothing
            EXPECT_NE(row.at("message").get<std::string>().find("compiles for sm_"), std::string::npos) << row.dump();
        } else {
            ++bob;
            EXPECT_EQ(row.at("status"), "compile-error") << row.dump();
            EXPECT_GT(row.at("max_score").get<double>(), 0) << row.dump();
            EXPECT_NE(row.at("message").get<std::string>().find("bob.cu:4:5: error:"), std::string::npos) << row.dump();
        }
    }
    EXPECT_EQ(alice, 2);
    EXPECT_EQ(bob, 2);
}
