// A whole-file solution instrumented on the GPU (check --races, F, the inspector on a whole file): its
// launches reach racelab's hooks, the buffers it allocated are checked, and what races is named at the lines
// of its own file. The racy per-circle solution (tests/data/whole_file/racy_per_circle: one thread a circle,
// a plain read-modify-write of each pixel) names its read and its write across blocks, in "the image", and
// its racing pixels (find_race_gpu_test.cpp); a race-free one of the same course shape (per_pixel_2022) is quiet.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/read_file.hpp"
#include "gpu_test_support.hpp"
#include "instrumented_frame.hpp"
#include "test_data.hpp"
#include "userkernel/build/nvcc_facts.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;
using racelab::gputest::Findings;
using racelab::gputest::runInstrumented;

namespace {

#define REQUIRE_NVCC() \
    if (findNvcc().empty()) GTEST_SKIP() << nvccMissingAdvice()

std::string solutionFile(const std::string& name) {
    return fs::absolute(racelab::testing::testDataPath("data/whole_file/" + name + "/cudaRenderer.cu")).lexically_normal().string();
}

// The 1-based number of the one line of `file` that holds `text` (0 when not exactly one).
int lineHolding(const std::string& file, const std::string& text) {
    std::istringstream in(readWholeFile(file).value_or(""));
    int number = 0, found = 0, count = 0;
    for (std::string line; std::getline(in, line);)
        if (++number, line.find(text) != std::string::npos) found = number, ++count;
    return count == 1 ? found : 0;
}

}  // namespace

TEST(WholeFileRacesGpu, ARacyPerCircleSolutionNamesItsReadAndItsWriteInItsOwnFile) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    REQUIRE_NVCC();
    const std::string file = solutionFile("racy_per_circle");
    const int read = lineHolding(file, "float4 old = *pixel;"), written = lineHolding(file, "*pixel = old;");
    ASSERT_GT(read, 0);
    ASSERT_GT(written, 0);
    const Findings f = runInstrumented("circles/rand10k", file, "256x256", RACELAB_ACCESS_RACES);
    ASSERT_TRUE(f.thrown.empty()) << f.thrown;
    ASSERT_TRUE(f.status.accesses.has_value()) << f.status.message;
    EXPECT_TRUE(racelab::gputest::reportedPair(f.races, false, true, read, written, file)) << f.text;
    EXPECT_TRUE(racelab::gputest::reportedPair(f.races, true, true, written, written, file)) << f.text;
    for (const RacingLines& r : f.races) {
        EXPECT_TRUE((r.a.line == read || r.a.line == written) && (r.b.line == read || r.b.line == written)) << f.text;
        EXPECT_NE(r.example.find("the image"), std::string::npos) << r.example;
    }
    // The launches the hooks saw in the frame: clearImage's and render's (its racing pixels:
    // RacingPixelsGpu.AWholeFileSolutionsRacingPixelsAreThePixelsTwoCirclesCover).
    EXPECT_GE(f.status.accesses->launches.size(), 2u) << f.text;
}

TEST(WholeFileRacesGpu, ARaceFreeSolutionOfTheSameShapeIsQuiet) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    REQUIRE_NVCC();
    const std::string file = solutionFile("per_pixel_2022");
    const Findings f = runInstrumented("circles/rand10k", file, "256x256", RACELAB_ACCESS_RACES);
    ASSERT_TRUE(f.thrown.empty()) << f.thrown;
    ASSERT_TRUE(f.status.accesses.has_value()) << f.status.message;
    EXPECT_TRUE(f.races.empty()) << f.text;
    EXPECT_GE(f.status.accesses->launches.size(), 1u);
    EXPECT_GT(f.status.accesses->shadowedBytes, 256u * 256u * 16u) << "the image and the circles' buffers are checked";
}

TEST(WholeFileRacesGpu, ThePixelInspectorListsTheAccessesToAPixelOfTheImage) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    REQUIRE_NVCC();
    const std::string file = solutionFile("racy_per_circle");
    const Findings f = runInstrumented("circles/rand10k", file, "256x256", RACELAB_ACCESS_RACES, 1, 1 << 16, std::make_pair(128, 128));
    ASSERT_TRUE(f.thrown.empty()) << f.thrown;
    ASSERT_TRUE(f.status.accesses.has_value());
    EXPECT_GT(f.status.accesses->tracedCount, 0u) << f.text;
    EXPECT_NE(f.text.find("cudaRenderer.cu:" + std::to_string(lineHolding(file, "*pixel = old;"))), std::string::npos) << f.text;
}
