// User kernels on the CPU: NVRTC compiles without a GPU, so the contract headers, the starter, every example,
// the error format and the cache are tested everywhere (tests/gpu runs them).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "nvrtc_test_support.hpp"
#include "fresh_folder.hpp"
#include "small_kernels.hpp"
#include "core/asset_paths.hpp"
#include "process_runner.hpp"
#include "test_data.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/build/nvrtc_library.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

fs::path scratchFolder(const std::string& name) { return freshTestFolder("user-kernel-" + name); }


const char* const kGoodKernel = racelab::testing::kSmallCirclesKernel;

}  // namespace

TEST(UserKernelCompile, EveryFamilyStarterAndExampleCompilesForTuringAndHopper) {
    REQUIRE_NVRTC();
    int compiled = 0;
    for (const WorkloadFamily* family : workloadFamilies()) {
        if (!family->kernelContract) continue;
        std::vector<std::string> assets{family->kernelContract->starter};
        for (const KernelExample& e : family->kernelContract->examples) assets.push_back(e.asset);
        for (const std::string& asset : assets)
            for (const char* arch : {"sm_75", "sm_90"}) {
                const KernelBuild build = racelab::testing::compileForTest(findAsset(asset), arch);
                EXPECT_TRUE(build.ok) << asset << " for " << arch << ":\n" << build.messages();
                EXPECT_GT(build.cubin.size(), 1000u) << asset;
                ++compiled;
            }
    }
    EXPECT_GE(compiled, 6);  // circles: starter + 3 examples, both architectures
}

TEST(UserKernelCompile, TheJudgeTestsKernelsCompileExceptTheOneMadeNotTo) {
    // tests/data/kernels: submissions made to be wrong in known ways, which the GPU tests judge. All but one
    // compile; that one fails at its own line, as a grade row will say.
    REQUIRE_NVRTC();
    for (const char* name : {"off_by_one_row.cu", "shared_race.cu", "faulting.cu", "hanging.cu"}) {
        const KernelBuild build = racelab::testing::compileForTest(racelab::testing::testDataPath(std::string("data/kernels/") + name));
        EXPECT_TRUE(build.ok) << name << ":\n" << build.messages();
    }
    const std::string broken = fs::absolute(racelab::testing::testDataPath("data/kernels/not_compiling.cu")).lexically_normal().string();
    const KernelBuild build = racelab::testing::compileForTest(broken);
    EXPECT_FALSE(build.ok);
    EXPECT_NE(build.messages().find(broken + ":5:5: error: identifier \"undeclaredImage\" is undefined"),
              std::string::npos)
        << build.messages();
}

TEST(UserKernelCompile, NewKernelWritesTheStarterThatCompiles) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("new");
    const std::string file = (folder / "my renderer.cu").string();
    const ProcessResult made = runRacelab("new-kernel circles '" + file + "'");
    ASSERT_EQ(made.exitCode, 0) << made.output;
    EXPECT_NE(made.output.find("--kernel"), std::string::npos) << made.output;
    std::ifstream written(file), starter(findAsset("kernels/circles/starter.cu"));
    const std::string a((std::istreambuf_iterator<char>(written)), {}), b((std::istreambuf_iterator<char>(starter)), {});
    EXPECT_EQ(a, b);
    EXPECT_NE(a.find("kernelRenderCircles"), std::string::npos);  // the course's first attempt, by its name
    EXPECT_TRUE(racelab::testing::compileForTest(file).ok);
    // It refuses to overwrite, and names an unknown family's valid ones.
    const ProcessResult again = runRacelab("new-kernel circles '" + file + "'");
    EXPECT_NE(again.exitCode, 0);
    EXPECT_NE(again.output.find("--force"), std::string::npos) << again.output;
    const ProcessResult unknown = runRacelab("new-kernel triangles '" + (folder / "x.cu").string() + "'");
    EXPECT_NE(unknown.exitCode, 0);
    EXPECT_NE(unknown.output.find("circles"), std::string::npos) << unknown.output;
    fs::remove_all(folder);
}

TEST(UserKernelCompile, ErrorsNameTheFileLineAndColumnAsCompilersDo) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("errors");
    // Line 4 (1-based) has the unknown name `y` at column 9; line 5 has a string where a float goes, its
    // initializer at column 15 (counted by hand).
    const std::string file = racelab::testing::writeTestFile(folder / "broken.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__global__ void k() {\n"
                                   "    int x = 3;\n"
                                   "\ty = x + 1;\n"
                                   "    float z = \"s\";\n"
                                   "}\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    ASSERT_FALSE(build.ok);
    ASSERT_EQ(errorCount(build.diagnostics), 2) << build.messages();
    EXPECT_EQ(build.diagnostics[0].headline(), file + ":4:2: error: identifier \"y\" is undefined");
    EXPECT_EQ(build.diagnostics[1].file, file);
    EXPECT_EQ(build.diagnostics[1].line, 5);
    EXPECT_EQ(build.diagnostics[1].column, 15);
    // Source line and caret under the column, the tab kept so it lines up.
    EXPECT_NE(build.messages().find("  \ty = x + 1;\n  \t^\n"), std::string::npos) << build.messages();
    fs::remove_all(folder);
}

TEST(UserKernelCompile, AKernelWithParametersAndNoArgumentsIsRefusedAtItsLaunchLine) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("signature");
    const std::string file = racelab::testing::writeTestFile(folder / "params.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__global__ void k(int n) { (void)n; }\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    ASSERT_FALSE(build.ok);
    EXPECT_NE(build.messages().find("this kernel has parameters: give their arguments with RACELAB_ARGS(...)"), std::string::npos)
        << build.messages();
    // The user's own line is named, not only the header's.
    EXPECT_NE(build.messages().find(file + ":3"), std::string::npos) << build.messages();
    // A launch list naming a kernel the file lacks fails at that line too.
    const std::string missing = racelab::testing::writeTestFile(folder / "missing.cu",
                                      "#include <racelab/circles.cuh>\n"
                                      "RACELAB_LAUNCHES(RACELAB_PER_ITEM(nothing, RACELAB_CIRCLES, 128));\n");
    const KernelBuild none = racelab::testing::compileForTest(missing);
    ASSERT_FALSE(none.ok);
    EXPECT_NE(none.messages().find(missing + ":2:"), std::string::npos) << none.messages();
    EXPECT_NE(none.messages().find("nothing"), std::string::npos) << none.messages();
    fs::remove_all(folder);
}

namespace {

// Launches whose RACELAB_ARGS do not fit their kernel, each with the line the compiler names: one argument
// short (line 3), one too many (in a launch list that begins on line 4 and names it on line 5: the compiler
// places a macro's whole expansion at the line where its call begins), and a float where the kernel takes
// an int* (line 3).
struct MisfitLaunch {
    std::string file;
    int line;
};
std::vector<MisfitLaunch> writeMisfitLaunches(const fs::path& folder) {
    return {{racelab::testing::writeTestFile(folder / "short.cu",
                                             "#include <racelab/circles.cuh>\n"
                                             "__global__ void k(int n, float x) { (void)n, (void)x; }\n"
                                             "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128, RACELAB_ARGS(RACELAB_ARG_INT(1))));\n"),
             3},
            {racelab::testing::writeTestFile(folder / "long.cu",
                                             "#include <racelab/circles.cuh>\n"
                                             "__global__ void k(int n) { (void)n; }\n"
                                             "__global__ void other() {}\n"
                                             "RACELAB_LAUNCHES(RACELAB_PER_ITEM(other, RACELAB_CIRCLES, 128),\n"
                                             "                 RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128, "
                                             "RACELAB_ARGS(RACELAB_ARG_INT(1), RACELAB_ARG_WIDTH())));\n"),
             4},
            {racelab::testing::writeTestFile(folder / "type.cu",
                                             "#include <racelab/circles.cuh>\n"
                                             "__global__ void k(int* out) { (void)out; }\n"
                                             "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128, RACELAB_ARGS(RACELAB_ARG_FLOAT(0.5f))));\n"),
             3}};
}

}  // namespace

// Arguments that do not fit the kernel fail the build with the header's static_assert saying what is wrong.
TEST(UserKernelCompile, ArgumentsOfTheWrongCountAreRefusedSayingSo) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("argument-count");
    const std::vector<MisfitLaunch> launches = writeMisfitLaunches(folder);
    for (const MisfitLaunch& launch : {launches[0], launches[1]}) {
        SCOPED_TRACE(launch.file);
        const KernelBuild build = racelab::testing::compileForTest(launch.file);
        ASSERT_FALSE(build.ok);
        const std::string messages = build.messages();
        EXPECT_NE(messages.find("RACELAB_ARGS gives a different number of arguments than the kernel has parameters"), std::string::npos)
            << messages;
        // Only the count is reported: the arguments are not also checked one by one against the wrong parameters.
        EXPECT_EQ(errorCount(build.diagnostics), 1) << messages;
        EXPECT_EQ(messages.find("RACELAB_ARG_INT passes a number"), std::string::npos) << messages;
    }
    fs::remove_all(folder);
}

TEST(UserKernelCompile, AFloatArgumentForAPointerParameterIsRefusedWithWhatTheParameterMustBe) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("argument-type");
    const KernelBuild build = racelab::testing::compileForTest(writeMisfitLaunches(folder)[2].file);
    ASSERT_FALSE(build.ok);
    EXPECT_NE(build.messages().find("RACELAB_ARG_FLOAT passes a float: the kernel's parameter in its place must be float or double"),
              std::string::npos)
        << build.messages();
    fs::remove_all(folder);
}

// These checks sit several templates deep, and NVRTC (CUDA 13.0) writes the chain's inner links as `... at
// line 252` with no ` of FILE` (the error's own file, launch.cuh): the note must still name the user's line.
TEST(UserKernelCompile, ArgumentsThatDoNotFitNameTheUsersLaunchLine) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("argument-line");
    for (const MisfitLaunch& launch : writeMisfitLaunches(folder)) {
        SCOPED_TRACE(launch.file);
        const KernelBuild build = racelab::testing::compileForTest(launch.file);
        ASSERT_FALSE(build.ok);
        EXPECT_NE(build.messages().find(launch.file + ":" + std::to_string(launch.line) + ": note"), std::string::npos)
            << build.messages();
    }
    fs::remove_all(folder);
}

TEST(UserKernelCompile, AScratchListAfterTheLaunchListIsRefusedAtItsLine) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("order");
    const std::string file = racelab::testing::writeTestFile(folder / "order.cu",
                                   "#include <racelab/circles.cuh>\n"
                                   "__device__ int* counts;\n"
                                   "__global__ void k() {}\n"
                                   "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n"
                                   "RACELAB_SCRATCH(RACELAB_BUFFER(counts, RACELAB_CIRCLES, 1));\n");
    const KernelBuild build = racelab::testing::compileForTest(file);
    ASSERT_FALSE(build.ok);
    EXPECT_NE(build.messages().find(file + ":5:"), std::string::npos) << build.messages();
    EXPECT_NE(build.messages().find("RACELAB_SCRATCH must come before RACELAB_LAUNCHES"), std::string::npos)
        << build.messages();
    fs::remove_all(folder);
}

TEST(UserKernelCompile, TheCacheAnswersAnUnchangedFileAndNotAChangedOne) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("cache");
    const std::string cache = (folder / "cache").string();
    const std::string file = racelab::testing::writeTestFile(folder / "paint.cu", kGoodKernel);
    const KernelBuild first = racelab::testing::compileForTest(file, "sm_90", cache);
    ASSERT_TRUE(first.ok) << first.messages();
    EXPECT_FALSE(first.fromCache);
    const KernelBuild second = racelab::testing::compileForTest(file, "sm_90", cache);
    ASSERT_TRUE(second.ok);
    EXPECT_TRUE(second.fromCache);
    EXPECT_EQ(second.cubin, first.cubin);
    // Another architecture is another entry; an edit is another entry; a header it includes counts too.
    EXPECT_FALSE(racelab::testing::compileForTest(file, "sm_75", cache).fromCache);
    racelab::testing::writeTestFile(folder / "paint.cu", std::string(kGoodKernel) + "// an edit\n");
    EXPECT_FALSE(racelab::testing::compileForTest(file, "sm_90", cache).fromCache);
    racelab::testing::writeTestFile(folder / "helper.cuh", "#define HELPER 1\n");
    racelab::testing::writeTestFile(folder / "paint.cu", std::string("#include \"helper.cuh\"\n") + kGoodKernel);
    ASSERT_TRUE(racelab::testing::compileForTest(file, "sm_90", cache).ok);
    EXPECT_TRUE(racelab::testing::compileForTest(file, "sm_90", cache).fromCache);
    racelab::testing::writeTestFile(folder / "helper.cuh", "#define HELPER 2\n");
    EXPECT_FALSE(racelab::testing::compileForTest(file, "sm_90", cache).fromCache);
    EXPECT_EQ(localIncludes(file).size(), 2u);
    // Entries are whole files, no temporaries left behind.
    int cubins = 0;
    for (const auto& entry : fs::directory_iterator(cache)) {
        EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << entry.path();
        cubins += entry.path().extension() == ".cubin";
    }
    EXPECT_EQ(cubins, 5);
    fs::remove_all(folder);
}

TEST(UserKernelCompile, AMissingFileIsAClearFailure) {
    const KernelBuild build = racelab::testing::compileForTest("/nonexistent/racelab/kernel.cu");
    EXPECT_FALSE(build.ok);
    EXPECT_NE(build.messages().find("/nonexistent/racelab/kernel.cu: cannot read"), std::string::npos) << build.messages();
}

// What the course's kernels take from their own headers: `uint` (also where the file defined it as a macro
// first, as course files do) and the fireworks' sizes, with the course's values.
TEST(UserKernelCompile, TheCoursesUintAndFireworkSizesAreThere) {
    REQUIRE_NVRTC();
    const fs::path folder = scratchFolder("course-names");
    const std::string body = R"(#include <racelab/circles.cuh>
static_assert(NUM_FIREWORKS == 15 && NUM_SPARKS == 20, "the course's sizes");
__global__ void paint() {
    uint i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (uint)(cuConstRendererParams.imageWidth * cuConstRendererParams.imageHeight))
        cuConstRendererParams.imageData[4 * i] = 0.f;
}
RACELAB_LAUNCHES(RACELAB_PER_ITEM(paint, RACELAB_PIXELS, 256));
)";
    const KernelBuild plain = racelab::testing::compileForTest(racelab::testing::writeTestFile(folder / "plain.cu", body));
    EXPECT_TRUE(plain.ok) << plain.messages();
    const KernelBuild macro = racelab::testing::compileForTest(racelab::testing::writeTestFile(folder / "macro.cu", "#define uint unsigned int\n" + body));
    EXPECT_TRUE(macro.ok) << macro.messages();
    fs::remove_all(folder);
}
