// The judge on the GPU with submissions made to be wrong in known ways (tests/data/kernels): an off-by-one row
// is wrong the same way every run (a bug), the course's starter differs between runs (a race), a shared-memory
// race without __syncthreads is named at its lines by racecheck, and a folder of a correct, a racy, a faulting,
// a hanging and a non-compiling submission grades to five rows with those verdicts, the same whether graded
// at once or as two shards merged.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/grading.hpp"
#include "frame/frame_judgement.hpp"
#include "app/kernel_sanitize.hpp"
#include "frame/offline_frame.hpp"
#include "core/asset_paths.hpp"
#include "gpu_test_support.hpp"
#include "user_kernel_test_support.hpp"
#include "judge/grade_json.hpp"
#include "judge/grade_shards.hpp"
#include "judge/repeat_report.hpp"
#include "judge/scene_check.hpp"
#include "test_data.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/build/whole_file_build.hpp"

namespace fs = std::filesystem;
using namespace racelab;

namespace {

std::string testKernel(const std::string& name) {
    return fs::absolute(racelab::testing::testDataPath("data/kernels/" + name)).lexically_normal().string();
}

// `runs` renders of frame 0 of `scene` by the kernel `file`, judged as `racelab check --repeat` judges them.
FrameJudgement judgeKernel(const std::string& scene, const std::string& file, int runs) {
    SceneSelection selection;
    selection.scene = scene;
    selection.size = "1024x1024";
    selection.backend = "cuda";
    selection.kernel = file;
    PreparedScene prepared = prepareScene(selection, "1024x1024");
    CudaStream stream;
    return judgeFrame(*prepared.scene, prepared.variant, prepared.size, runs, stream.get());
}

}  // namespace

TEST(JudgeGpu, AnOffByOneRowIsWrongTheSameWayEveryRun) {
    REQUIRE_CUDA_AND_NVRTC();
    const FrameJudgement j = judgeKernel("circles/rgb", testKernel("off_by_one_row.cu"), 5);
    EXPECT_FALSE(j.check.pass);
    // rgb's three circles have edges about 2 x 3 x pi x 0.3 x 1024 pixels long; shading one row off changes the
    // pixels along their upper and lower edges: thousands, and never more than a few percent of the frame.
    EXPECT_GT(j.check.wrongPixels, 1000);
    EXPECT_LT(j.check.wrongPixels, 60000);
    ASSERT_FALSE(j.check.firstWrong.empty());
    EXPECT_EQ(j.repeat->verdict, judge::RepeatVerdict::WrongDeterministic) << j.repeat->explanation;
    EXPECT_EQ(j.repeat->pixelsDifferingBetweenRuns, 0);
    EXPECT_EQ(j.repeat->pixelsWrongIdentically, j.check.wrongPixels);
}

TEST(JudgeGpu, TheCourseStarterDiffersBetweenRuns) {
    REQUIRE_CUDA_AND_NVRTC();
    const FrameJudgement j = judgeKernel("circles/rand10k", findAsset("kernels/circles/starter.cu"), 5);
    EXPECT_FALSE(j.check.pass);
    EXPECT_EQ(j.repeat->verdict, judge::RepeatVerdict::Nondeterministic) << j.repeat->explanation;
    // Lost updates land on different pixels each run: many pixels, and some in most of the 5 runs.
    EXPECT_GT(j.repeat->pixelsDifferingBetweenRuns, 100);
    EXPECT_GE(j.repeat->maxDifferingRuns, 2);
}

TEST(JudgeGpu, ACorrectKernelIsTheSameEveryRunAndPasses) {
    REQUIRE_CUDA_AND_NVRTC();
    const FrameJudgement j = judgeKernel("circles/rand10k", findAsset("kernels/circles/tiled.cu"), 5);
    EXPECT_TRUE(j.check.pass) << j.check.wrongPixels;
    EXPECT_EQ(j.repeat->verdict, judge::RepeatVerdict::Correct) << j.repeat->explanation;
    EXPECT_EQ(j.repeat->pixelsDifferingBetweenRuns, 0);
}

TEST(JudgeGpu, RacecheckNamesTheTwoLinesOfASharedMemoryRace) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string sanitizer = findComputeSanitizer();
    if (sanitizer.empty()) GTEST_SKIP() << "compute-sanitizer not found (PATH, the toolkit's bin folder)";
    const std::string file = testKernel("shared_race.cu");
    SceneSelection selection;
    selection.scene = "circles/rgb";
    selection.size = "256x256";
    selection.backend = "cuda";
    selection.kernel = file;
    const SanitizerRun race = runKernelUnderSanitizer(sanitizer, "racecheck", selection);
    EXPECT_TRUE(race.failure.empty()) << race.failure;
    bool write = false, read = false;
    for (const judge::SanitizerFinding& f : race.findings)
        for (const judge::SanitizerLocation& at : f.locations) {
            EXPECT_EQ(at.file, file);  // the whole path, also where the tool prints the name alone
            write = write || at.line == 14;
            read = read || at.line == 16;
        }
    EXPECT_TRUE(write && read) << "racecheck's log:\n" << race.log;
    // memcheck finds nothing in it: the race is racecheck's alone.
    const SanitizerRun mem = runKernelUnderSanitizer(sanitizer, "memcheck", selection);
    EXPECT_TRUE(mem.findings.empty()) << mem.log;
    EXPECT_TRUE(judge::sanitizerLogIsClean(mem.log)) << mem.log;
}

TEST(JudgeGpu, MemcheckNamesTheLineOfAFault) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string sanitizer = findComputeSanitizer();
    if (sanitizer.empty()) GTEST_SKIP() << "compute-sanitizer not found (PATH, the toolkit's bin folder)";
    SceneSelection selection;
    selection.scene = "circles/rgb";
    selection.size = "256x256";
    selection.backend = "cuda";
    selection.kernel = testKernel("faulting.cu");
    const SanitizerRun run = runKernelUnderSanitizer(sanitizer, "memcheck", selection);
    EXPECT_FALSE(run.failure.empty());  // the frame faulted
    ASSERT_FALSE(run.findings.empty()) << run.log;
    EXPECT_EQ(run.findings[0].locations.at(0).line, 4) << run.log;
}

TEST(JudgeGpu, AFolderOfFiveGradesToFiveVerdictsAndShardsMergeToTheSameTable) {
    REQUIRE_CUDA_AND_NVRTC();
    const fs::path folder = fs::temp_directory_path() / ("racelab-grade-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    fs::copy_file(findAsset("kernels/circles/tiled.cu"), folder / "correct.cu");
    fs::copy_file(findAsset("kernels/circles/starter.cu"), folder / "racy.cu");
    fs::copy_file(testKernel("faulting.cu"), folder / "faulting.cu");
    fs::copy_file(testKernel("hanging.cu"), folder / "hanging.cu");
    fs::copy_file(testKernel("not_compiling.cu"), folder / "not_compiling.cu");
    // A whole-file solution among them where nvcc can build it: its rows merge as a launch list's do.
    const bool wholeFile = !userkernel::findNvcc().empty();
    if (wholeFile) fs::copy(fs::absolute(racelab::testing::testDataPath("data/whole_file/tiled_thrust")), folder / "whole_file");

    GradeOptions options;
    options.reference = "good";
    options.path = folder.string();
    options.scenes = {"circles/rand10k"};
    options.frames = 5;
    options.warmup = 1;
    options.timeout = 1.0;
    // As `racelab grade` does it (app/grading.hpp): the run's facts, the shard's submissions, rows sorted.
    auto gradeShard = [&](const std::string& shard) {
        GradeOptions o = options;
        o.shard = shard;
        return gradeSubmissions(o);
    };
    options.noSandbox = true;  // the sandbox has its own tests (sandbox_gpu_test.cpp); here, the merging
    const judge::GradeTable whole = gradeShard("0/1");
    ASSERT_EQ(whole.rows.size(), wholeFile ? 6u : 5u);
    const std::map<std::string, judge::GradeStatus> expected{{"correct.cu", judge::GradeStatus::Pass},
                                                             {"whole_file", judge::GradeStatus::Pass},
                                                             {"faulting.cu", judge::GradeStatus::Fault},
                                                             {"hanging.cu", judge::GradeStatus::Timeout},
                                                             {"not_compiling.cu", judge::GradeStatus::CompileError},
                                                             {"racy.cu", judge::GradeStatus::Race}};
    for (const judge::GradeRow& row : whole.rows) {
        EXPECT_EQ(judge::statusName(row.status), judge::statusName(expected.at(row.submission)))
            << row.submission << ": " << row.message;
        if (row.status == judge::GradeStatus::Pass) {
            ASSERT_TRUE(row.timeMs && row.referenceMs) << row.submission;
            EXPECT_GT(*row.timeMs, 0);
            // Correct: the correctness points, and for the tiled example more (within 10 times good). The
            // whole-file solution's course Total on rand10k was 26 times good's on the H100 (2 points there).
            if (row.submission == "whole_file") EXPECT_GE(row.score, 2) << *row.timeMs << " vs " << *row.referenceMs;
            else EXPECT_GT(row.score, 2);
        } else {
            EXPECT_EQ(row.score, 0) << row.submission;
            EXPECT_FALSE(row.message.empty() && row.status != judge::GradeStatus::Race) << row.submission;
        }
    }
    // The compile error names the file's own line; the race has its heat thumbnail.
    for (const judge::GradeRow& row : whole.rows) {
        if (row.submission == "not_compiling.cu") EXPECT_NE(row.message.find("not_compiling.cu:5:5: error"), std::string::npos) << row.message;
        if (row.submission == "racy.cu") EXPECT_FALSE(row.heatPng.empty());
    }

    // Two shards, written and read back as a course's machines would, then merged: the same rows and verdicts.
    std::vector<judge::GradeTable> shards;
    std::vector<std::string> files;
    for (const char* shard : {"0/2", "1/2"}) {
        judge::GradeTable table = gradeShard(shard);
        files.push_back((folder / ("shard-" + std::string(1, shard[0]) + ".json")).string());
        judge::writeGradeJson(table, files.back());
        shards.push_back(judge::readGradeJson(files.back()));
    }
    const judge::GradeTable merged = judge::mergeGradeTables(shards, files);
    EXPECT_EQ(merged.facts.rule, whole.facts.rule);
    EXPECT_EQ(merged.facts.scenes, whole.facts.scenes);
    EXPECT_EQ(merged.facts.gpu, whole.facts.gpu);
    ASSERT_EQ(merged.rows.size(), whole.rows.size());
    for (std::size_t i = 0; i < merged.rows.size(); ++i) {
        EXPECT_EQ(merged.rows[i].submission, whole.rows[i].submission);
        EXPECT_EQ(merged.rows[i].scene, whole.rows[i].scene);
        EXPECT_EQ(judge::statusName(merged.rows[i].status), judge::statusName(whole.rows[i].status)) << merged.rows[i].submission;
        // Times are measured again in each run: the deterministic fields agree, the pixel counts of a race need not.
        if (merged.rows[i].status != judge::GradeStatus::Race) EXPECT_EQ(merged.rows[i].wrongPixels, whole.rows[i].wrongPixels);
    }
    fs::remove_all(folder);
}

TEST(JudgeGpu, TheViewersCheckTellsTheStartersRaceAndPassesTheTiledExample) {
    // What the panel's check button (and the K key) runs on the frame on screen: frame/frame_judgement.hpp.
    REQUIRE_CUDA_AND_NVRTC();
    for (const auto& [asset, racy] : {std::pair{"kernels/circles/starter.cu", true}, std::pair{"kernels/circles/tiled.cu", false}}) {
        SceneSelection selection;
        selection.scene = "circles/rand10k";
        selection.backend = "cuda";
        selection.kernel = findAsset(asset);
        PreparedScene prepared = prepareScene(selection, "1024x1024");
        const KernelCheckResult result = checkKernelHere(*prepared.scene, prepared.variant, {800, 600});
        EXPECT_EQ(result.race, racy) << asset << ":\n" << result.text;
        EXPECT_EQ(result.pass, !racy) << asset << ":\n" << result.text;
        EXPECT_NE(result.text.find("circles/rand10k 800x600: " + std::string(racy ? "FAIL" : "PASS")), std::string::npos) << result.text;
    }
}
