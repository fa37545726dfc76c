// The reference grade times submissions against by default, on the GPU: the course-level whole-file solution
// racelab ships (assets/reference/circles/course_level) must pass every column it may be asked to time -- the
// course's 8 scenes and the four animations at frames well past their start -- or grading would stop at that
// column -- and its frames calibrate racelab's clock, so that an honest solution of the same shape is counted
// by the course's measure alone. Its time on each column is printed, beside that solution's, for
// docs/GRADING.md.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <unistd.h>

#include "app/grading.hpp"
#include "core/asset_paths.hpp"
#include "gpu_test_support.hpp"
#include "test_data.hpp"
#include "user_kernel_test_support.hpp"
#include "userkernel/build/nvcc_facts.hpp"

namespace fs = std::filesystem;
using namespace racelab;

TEST(CourseReferenceGpu, TheShippedReferencePassesEveryCourseSceneAndTheAnimationsAndTimesTheClass) {
    REQUIRE_CUDA_AND_NVRTC();
    if (userkernel::findNvcc().empty()) GTEST_SKIP() << userkernel::nvccMissingAdvice();
    const fs::path folder = fs::temp_directory_path() / ("racelab-course-reference-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    fs::copy(racelab::testing::testDataPath("data/whole_file/own_members"), folder / "own_members");

    GradeOptions options;  // the default reference
    options.path = folder.string();
    options.scenes = {"circles/rgb",        "circles/rand10k",  "circles/rand100k",         "circles/pattern",
                      "circles/snowsingle", "circles/biglittle", "circles/rand1M",          "circles/micro2M",
                      "circles/snow@30",    "circles/snow@120",  "circles/bouncingballs@120", "circles/hypnosis@60",
                      "circles/fireworks@120"};
    options.budget = 0;
    options.noSandbox = true;  // the sandbox has its own tests; here, the reference
    const judge::GradeTable table = gradeSubmissions(options);  // throws if the reference fails any column
    EXPECT_EQ(table.facts.reference.rfind("course_level (digest ", 0), 0u) << table.facts.reference;
    ASSERT_EQ(table.facts.referenceMs.size(), options.scenes.size()) << "the reference was timed on every column";
    for (const auto& [column, ms] : table.facts.referenceMs) {
        EXPECT_GT(ms, 0.0) << column;
        std::printf("  course_level on %-24s %9.3f ms\n", column.c_str(), ms);
    }
    double total = 0;
    for (const judge::GradeRow& row : table.rows) {
        SCOPED_TRACE(row.scene);
        EXPECT_EQ(judge::statusName(row.status), std::string("pass")) << row.message;
        // An animation's timed frames are judged too, one of each run at its step: an honest one passes them.
        if (row.scene.find('@') != std::string::npos) continue;  // a moving column, not the course's 72 points
        // An honest solution whose getImage is the starter's: racelab's clock, calibrated on the reference's
        // frames of the column, sees nothing beyond the course's measure.
        EXPECT_EQ(row.message.find("beyond the course's measure"), std::string::npos) << row.message;
        // Nor is its first frame in a fresh renderer dearer than the reference's beyond their warm frames
        // (judge/first_picture.hpp), nor its first picture wrong.
        EXPECT_EQ(row.message.find("first frame"), std::string::npos) << row.message;
        EXPECT_EQ(row.message.find("first picture"), std::string::npos) << row.message;
        total += row.score;
        std::printf("  own_members on %-24s %9.3f ms, %g of %g\n", row.scene.c_str(), row.timeMs.value_or(-1), row.score, row.maxScore);
    }
    std::printf("  own_members (the same shape, its boxes made on the host): %g of 72 on the course's scenes\n", total);
    fs::remove_all(folder);
}
