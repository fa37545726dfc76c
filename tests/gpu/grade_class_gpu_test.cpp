// grade as a teacher uses it, on the GPU: a class folder of every kind of submission graded on CS149's 8
// scenes gets the rows a teacher can defend (a kernel that draws nothing, one pixel or garbage scores 0 on
// every scene, snowsingle included; a slow correct one is timed on what its budget pays for; faults, hangs and
// compile errors are told apart); the same folder timed against a teacher's whole-file --reference changes the
// performance points and nothing else; and every family grades without an abort, a scene racelab cannot prepare
// at the size asked for graded smaller or left out for every submission alike.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>

#include "app/grading.hpp"
#include "core/asset_paths.hpp"
#include "core/errors.hpp"
#include "gpu_test_support.hpp"
#include "user_kernel_test_support.hpp"
#include "test_data.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/build/whole_file_build.hpp"

namespace fs = std::filesystem;
using namespace racelab;
using judge::GradeStatus;

namespace {

#define REQUIRE_CUDA_NVRTC_AND_NVCC()                                                   \
    REQUIRE_CUDA_AND_NVRTC();                                                           \
    if (userkernel::findNvcc().empty()) GTEST_SKIP() << userkernel::nvccMissingAdvice()

std::string data(const std::string& relative) {
    return fs::absolute(racelab::testing::testDataPath("data/" + relative)).lexically_normal().string();
}

// The class: one of every kind a teacher meets, named for what it is.
fs::path makeClass() {
    const fs::path folder = fs::temp_directory_path() / ("racelab-class-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    fs::copy_file(findAsset("kernels/circles/tiled.cu"), folder / "fast.cu");
    fs::copy_file(data("grade_class/slow_correct.cu"), folder / "slow.cu");
    fs::copy_file(findAsset("kernels/circles/starter.cu"), folder / "racy.cu");
    fs::copy_file(data("grade_class/empty.cu"), folder / "empty.cu");
    fs::copy_file(data("grade_class/single_pixel.cu"), folder / "one_pixel.cu");
    fs::copy_file(data("grade_class/garbage.cu"), folder / "garbage.cu");
    fs::copy_file(data("kernels/faulting.cu"), folder / "faulting.cu");
    fs::copy_file(data("kernels/hanging.cu"), folder / "hanging.cu");
    fs::copy_file(data("kernels/not_compiling.cu"), folder / "not_compiling.cu");
    fs::copy(data("whole_file/tiled_thrust"), folder / "whole_file");
    return folder;
}

GradeOptions classOptions(const fs::path& folder) {
    GradeOptions options;
    options.path = folder.string();
    options.reference = "good";  // the numbers below were worked against good's times; the default's test is its own
    options.timeout = 3.0;   // above the slow kernel's 1-2 s a frame on micro2M, so that a hang is told apart
    options.budget = 30;
    options.noSandbox = true;  // the sandbox has its own tests (sandbox_gpu_test.cpp); here, the grading
    return options;
}

std::map<std::string, std::vector<judge::GradeRow>> bySubmission(const judge::GradeTable& table) {
    std::map<std::string, std::vector<judge::GradeRow>> out;
    for (const judge::GradeRow& row : table.rows) out[row.submission].push_back(row);
    return out;
}

}  // namespace

TEST(GradeClassGpu, EverySubmissionGetsTheRowsATeacherCanDefendOnTheCoursesScenes) {
    REQUIRE_CUDA_NVRTC_AND_NVCC();
    const fs::path folder = makeClass();
    const auto start = std::chrono::steady_clock::now();
    const judge::GradeTable table = gradeSubmissions(classOptions(folder));
    std::printf("  the class of 10 graded in %.1f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    EXPECT_EQ(table.facts.sceneSet, "course");
    EXPECT_EQ(table.facts.reference, "good");
    ASSERT_EQ(table.facts.scenes.size(), 8u);
    EXPECT_EQ(table.facts.scenes[4].label, "circles/snowsingle");
    EXPECT_EQ(table.facts.referenceMs.size(), 8u) << "good is timed on every column";
    const auto rows = bySubmission(table);
    ASSERT_EQ(rows.size(), 10u);
    const double full = judge::sceneMaxScore(judge::ScoreRule{});

    for (const judge::GradeRow& row : rows.at("fast.cu")) {
        SCOPED_TRACE("fast.cu on " + row.scene);
        EXPECT_EQ(row.status, GradeStatus::Pass) << row.message;
        ASSERT_TRUE(row.timeMs && row.referenceMs);
        EXPECT_EQ(row.runsTimed, 3);
        EXPECT_EQ(row.framesTimed, 4);
        EXPECT_GT(row.score, 2.0);
        EXPECT_EQ(row.maxScore, full);
    }
    // The whole-file solution (tests/data/whole_file/tiled_thrust) draws the still scenes right, timed by the
    // course's measure; it has none of snow's own shading, so it is wrong on snowsingle, as the course's check
    // would find it.
    for (const judge::GradeRow& row : rows.at("whole_file")) {
        SCOPED_TRACE("whole_file on " + row.scene);
        if (row.scene == "circles/snowsingle") {
            EXPECT_EQ(judge::statusName(row.status), "wrong") << row.message;
            EXPECT_EQ(row.score, 0);
            continue;
        }
        EXPECT_EQ(row.status, GradeStatus::Pass) << row.message;
        ASSERT_TRUE(row.timeMs && row.referenceMs);
        EXPECT_EQ(row.runsTimed * row.framesTimed, 12);
        ASSERT_EQ(row.stepMedianMs.size(), 3u);
        EXPECT_GE(row.score, 2.0);
    }
    // One thread a pixel over every circle: correct everywhere, and far slower than good where there are
    // a million circles, where its budget pays for fewer timed frames than the measure asks (and it says so).
    for (const judge::GradeRow& row : rows.at("slow.cu")) {
        SCOPED_TRACE("slow.cu on " + row.scene);
        EXPECT_EQ(row.status, GradeStatus::Pass) << row.message;
        EXPECT_GE(row.score, 2.0);
        if (row.scene == "circles/micro2M") {
            EXPECT_LT(row.runsTimed * row.framesTimed, 12);
            EXPECT_TRUE(row.message.find("timed on") != std::string::npos || row.message.find("not timed") != std::string::npos)
                << row.message;
        }
    }
    // The course's starter races on every scene with overlapping circles, snowsingle's flakes included.
    for (const judge::GradeRow& row : rows.at("racy.cu")) {
        if (row.scene == "circles/rgb" || row.scene == "circles/pattern") continue;  // few overlaps: may pass
        EXPECT_TRUE(row.status == GradeStatus::Race || row.status == GradeStatus::Wrong) << row.scene << ": " << row.message;
        EXPECT_EQ(row.score, 0) << row.scene;
    }
    // Nothing drawn, one pixel, garbage: wrong the same way every run, on every scene; 0 points.
    for (const char* name : {"empty.cu", "one_pixel.cu", "garbage.cu"})
        for (const judge::GradeRow& row : rows.at(name)) {
            EXPECT_EQ(judge::statusName(row.status), "wrong") << name << " on " << row.scene << ": " << row.message;
            EXPECT_EQ(row.score, 0) << name << " on " << row.scene;
            EXPECT_GT(row.wrongPixels, 5) << name << " on " << row.scene;
        }
    const std::map<std::string, GradeStatus> failing{
        {"faulting.cu", GradeStatus::Fault}, {"hanging.cu", GradeStatus::Timeout}, {"not_compiling.cu", GradeStatus::CompileError}};
    for (const auto& [name, status] : failing)
        for (const judge::GradeRow& row : rows.at(name)) {
            EXPECT_EQ(judge::statusName(row.status), judge::statusName(status)) << name << " on " << row.scene << ": " << row.message;
            EXPECT_EQ(row.score, 0);
            EXPECT_EQ(row.maxScore, full) << "the submission's failure, scored out of the full points";
        }
    fs::remove_all(folder);
}

// A teacher's own whole-file solution as the reference: timed in the same run, first, on every column. The
// verdicts, pixel counts and correctness points stay; only the performance points may move.
TEST(GradeClassGpu, AWholeFileReferenceChangesThePerformancePointsAndNothingElse) {
    REQUIRE_CUDA_NVRTC_AND_NVCC();
    const fs::path folder = makeClass();
    for (const char* slow : {"slow.cu", "hanging.cu", "faulting.cu"}) fs::remove(folder / slow);
    GradeOptions options = classOptions(folder);
    // The reference animates bouncing balls only: on hypnosis it is refused as not correct (the end of this test).
    options.scenes = {"circles/rgb", "circles/rand10k", "circles/biglittle"};
    const judge::GradeTable byGood = gradeSubmissions(options);
    options.reference = data("whole_file/per_pixel_2022");
    const judge::GradeTable byTeacher = gradeSubmissions(options);
    EXPECT_EQ(byGood.facts.reference, "good");
    EXPECT_EQ(byTeacher.facts.reference.rfind("per_pixel_2022 (digest ", 0), 0u) << byTeacher.facts.reference;
    ASSERT_EQ(byTeacher.facts.referenceMs.size(), 3u);
    ASSERT_EQ(byGood.rows.size(), byTeacher.rows.size());
    bool anyPerformanceMoved = false;
    for (std::size_t i = 0; i < byGood.rows.size(); ++i) {
        const judge::GradeRow &a = byGood.rows[i], &b = byTeacher.rows[i];
        SCOPED_TRACE(a.submission + " on " + a.scene);
        EXPECT_EQ(a.submission, b.submission);
        EXPECT_EQ(judge::statusName(a.status), judge::statusName(b.status));
        EXPECT_EQ(a.maxScore, b.maxScore);
        if (a.status != GradeStatus::Race) EXPECT_EQ(a.wrongPixels, b.wrongPixels);
        if (a.status != GradeStatus::Pass) {
            EXPECT_EQ(a.score, b.score);
            continue;
        }
        const std::string scene = a.scene;
        const auto ref = std::find_if(byTeacher.facts.referenceMs.begin(), byTeacher.facts.referenceMs.end(),
                                      [&](const auto& p) { return p.first == scene; });
        ASSERT_NE(ref, byTeacher.facts.referenceMs.end());
        EXPECT_EQ(*b.referenceMs, ref->second) << "each row is timed against the teacher's time on its column";
        EXPECT_GE(b.score, 2.0);
        anyPerformanceMoved |= a.score != b.score;
    }
    // One thread a pixel over every circle is far slower than good on rand10k: measured against it, the fast
    // submissions earn their full performance points there.
    for (const judge::GradeRow& row : byTeacher.rows)
        if (row.submission == "fast.cu" && row.scene == "circles/rand10k") EXPECT_EQ(row.score, 9.0) << *row.timeMs << " vs " << *row.referenceMs;
    std::printf("  performance points moved with the reference: %s\n", anyPerformanceMoved ? "yes" : "no");
    // A reference that is not correct on a column times nothing: grading stops before any submission, saying so.
    options.scenes = {"circles/hypnosis@60"};
    try {
        gradeSubmissions(options);
        ADD_FAILURE() << "a reference wrong on hypnosis@60 was accepted";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("is not correct on circles/hypnosis@60"), std::string::npos) << e.what();
    }
    fs::remove_all(folder);
}

// Each family's own example kernel, on every scene of the family: no abort; a scene that needs an input is made
// with racelab's own; one racelab cannot prepare here is not graded for anyone, scored out of 0, with why.
TEST(GradeClassGpu, EveryFamilyGradesWithoutAnAbort) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::map<std::string, std::string> examples{{"fourier", "atomic_max.cu"},
                                                      {"histogram", "shared_bins.cu"},
                                                      {"mesh", "tiled.cu"},
                                                      {"planes", "per_pixel.cu"}};
    for (const auto& [family, example] : examples) {
        SCOPED_TRACE(family);
        GradeOptions options;
        options.reference = "good";
        options.path = findAsset("kernels/" + family + "/" + example);
        options.family = family;
        options.repeat = 2, options.runs = 1, options.frames = 1, options.warmup = 0;
        options.budget = 0;
        judge::GradeTable table;
        ASSERT_NO_THROW(table = gradeSubmissions(options));
        ASSERT_EQ(table.rows.size(), table.facts.scenes.size());
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const judge::GradedScene& column = table.facts.scenes[i];
            const judge::GradeRow& row = table.rows[i];
            std::printf("  %-22s %-9s %4dx%-4d %s\n", column.label.c_str(), std::string(judge::statusName(row.status)).c_str(),
                        column.width, column.height, column.note.c_str());
            if (!column.graded) {
                EXPECT_EQ(row.status, GradeStatus::NotRun);
                EXPECT_EQ(row.maxScore, 0);
                EXPECT_EQ(column.note.rfind("not graded: racelab could not", 0), 0u) << column.note;
            } else if (column.label == "mesh/bumpy10M") {
                // The example tests every ray against every triangle, tile by tile: on 10 million triangles
                // a frame takes longer than --kernel-timeout (measured on the H200: a timeout). A verdict on
                // the kernel, which grading reaches and goes on from.
                EXPECT_TRUE(row.status == GradeStatus::Pass || row.status == GradeStatus::Timeout) << row.message;
            } else {
                EXPECT_EQ(row.status, GradeStatus::Pass) << column.label << ": " << row.message;
            }
        }
    }
}
