// Which columns grade judges (app/grade_plan.hpp) and how much a slow submission is timed (app/grade_timing.hpp):
// CS149's 8 graded scenes in checker.py's order by default, snowsingle a still frame of snow's own flakes, every
// scene with `all`, NAME@FRAME, inputs from racelab's assets; and the budget's arithmetic, worked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <cstdio>
#include <memory>
#include <limits>

#include "app/grade_plan.hpp"
#include "app/grade_timing.hpp"
#include "userkernel/build/nvcc_facts.hpp"
#include "core/errors.hpp"
#include "core/host_image.hpp"
#include "frame/offline_frame.hpp"
#include "scenes/circles/circle_formulas.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> labelsOf(const GradePlan& plan) {
    std::vector<std::string> labels;
    for (const PlannedScene& s : plan.scenes) labels.push_back(s.column.label);
    return labels;
}

GradeOptions withScenes(std::vector<std::string> scenes, const std::string& family = "circles") {
    GradeOptions options;
    options.family = family;
    options.scenes = std::move(scenes);
    return options;
}

}  // namespace

TEST(GradePlan, CirclesDefaultsToTheCoursesEightScenesInCheckerOrder) {
    const GradePlan plan = planGrade(GradeOptions{});
    EXPECT_EQ(plan.sceneSet, "course");
    // render/checker.py: score_scene_names_list = rgb, rand10k, rand100k, pattern, snowsingle, biglittle, rand1M, micro2M.
    EXPECT_EQ(labelsOf(plan), (std::vector<std::string>{"circles/rgb", "circles/rand10k", "circles/rand100k", "circles/pattern",
                                                         "circles/snowsingle", "circles/biglittle", "circles/rand1M",
                                                         "circles/micro2M"}));
    const judge::GradedScene& still = plan.scenes[4].column;
    EXPECT_EQ(still.frame, 0) << "a still frame, as the course's (its advanceAnimation moves nothing)";
    EXPECT_NE(still.note.find("snow.par"), std::string::npos) << "says whose flakes these are: " << still.note;
    EXPECT_EQ(plan.scenes[0].column.frame, 0);
    EXPECT_TRUE(plan.scenes[0].column.note.empty());
    EXPECT_EQ(planGrade(withScenes({"course"})).sceneSet, "course");
}

TEST(GradePlan, AllIsEveryScene_AListTakesFrames_AFamilyWithoutACourseSetTakesEveryScene) {
    const GradePlan all = planGrade(withScenes({"all"}));
    EXPECT_EQ(all.sceneSet, "all");
    EXPECT_EQ(all.scenes.size(), 14u);  // racelab list: 10 still scenes (snowsingle among them) and 4 animated ones
    EXPECT_EQ(all.scenes.back().column.label, "circles/snowsingle");

    const GradePlan chosen = planGrade(withScenes({"circles/snow@30", "circles/rgb"}));
    EXPECT_EQ(chosen.sceneSet, "chosen");
    EXPECT_EQ(labelsOf(chosen), (std::vector<std::string>{"circles/snow@30", "circles/rgb"}));
    EXPECT_EQ(chosen.scenes[0].column.frame, 30);
    EXPECT_TRUE(chosen.scenes[0].column.note.empty()) << "the note is about frame 0";

    const GradePlan histogram = planGrade(withScenes({}, "histogram"));
    EXPECT_EQ(histogram.sceneSet, "all");
    EXPECT_EQ(labelsOf(histogram), (std::vector<std::string>{"histogram/random", "histogram/skewed", "histogram/image"}));
}

TEST(GradePlan, ASceneThatNeedsAPictureIsMadeWithRacelabsOwn) {
    for (const char* family : {"histogram", "fourier"}) {
        const GradePlan plan = planGrade(withScenes({std::string(family) + "/image"}, family));
        ASSERT_EQ(plan.scenes.size(), 1u);
        const std::string image = plan.scenes[0].options.input("image");
        EXPECT_NE(image.find("images/rings.png"), std::string::npos) << family << ": " << image;
        EXPECT_NE(plan.scenes[0].column.note.find("images/rings.png"), std::string::npos) << plan.scenes[0].column.note;
    }
}

TEST(GradePlan, BadListsAreRefusedWithWhatIsWrong) {
    const auto refusal = [](std::vector<std::string> scenes) {
        try {
            planGrade(withScenes(std::move(scenes)));
        } catch (const UsageError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(refusal({"circles/snow@-1"}).find("whole number"), std::string::npos);
    EXPECT_NE(refusal({"circles/snow@x"}).find("whole number"), std::string::npos);
    EXPECT_NE(refusal({"circles/rgb", "circles/rgb"}).find("listed twice"), std::string::npos);
    EXPECT_NE(refusal({"circles/rgb", "all"}).find("stands alone"), std::string::npos);
    EXPECT_NE(refusal({"histogram/random"}).find("not a scene of the circles family"), std::string::npos);
    EXPECT_NE(refusal({"circles/nope"}).find("circles/nope"), std::string::npos);
}

// The rule is read from --rule once, into the plan: the grader, the rows and the facts all take the plan's.
TEST(GradePlan, TheRuleIsReadOnceIntoThePlan) {
    EXPECT_EQ(planGrade(GradeOptions{}).rule, judge::ScoreRule{});
    GradeOptions options;
    options.rule = "full=1.5,partial=exact";
    EXPECT_EQ(planGrade(options).rule, judge::parseScoreRule("full=1.5,partial=exact"));
    options.rule = "speed=2";
    EXPECT_THROW(planGrade(options), UsageError);
}

TEST(GradeTiming, TheMeasureWhenTheBudgetPaysForIt) {
    const judge::TimingMeasure measure;  // 2 warm-up, 3 runs of 4: 14 frames
    const TimingPlan plan = budgetedTiming(measure, 100.0, 1.4);  // exactly 14 frames of 100 ms
    EXPECT_FALSE(plan.reduced);
    EXPECT_EQ(plan.warmup, 2);
    EXPECT_EQ(plan.runs, 3);
    EXPECT_EQ(plan.frames, 4);
    EXPECT_FALSE(budgetedTiming(measure, 1e6, std::numeric_limits<double>::infinity()).reduced);  // no budget
}

TEST(GradeTiming, ASlowSubmissionIsTimedOnWhatItsBudgetPaysFor) {
    const judge::TimingMeasure measure;
    // 1.3 s left at 100 ms a frame: 13 frames, the warm-up goes first, then 3 runs of 4 = 12 fit.
    TimingPlan plan = budgetedTiming(measure, 100.0, 1.3);
    EXPECT_TRUE(plan.reduced);
    EXPECT_EQ(plan.warmup, 0);
    EXPECT_EQ(plan.runs, 3);
    EXPECT_EQ(plan.frames, 4);
    // 7 frames: 3 runs of 2.
    plan = budgetedTiming(measure, 100.0, 0.75);
    EXPECT_EQ(plan.runs, 3);
    EXPECT_EQ(plan.frames, 2);
    // 2 frames at 1.6 s a frame (micro2M, one thread a pixel): 2 runs of 1.
    plan = budgetedTiming(measure, 1600.0, 3.5);
    EXPECT_EQ(plan.runs, 2);
    EXPECT_EQ(plan.frames, 1);
    // Less than one frame left, or none: not timed, and the note says why.
    plan = budgetedTiming(measure, 1600.0, 1.0);
    EXPECT_EQ(plan.runs, 0);
    EXPECT_EQ(reducedTimingNote(measure, plan, 1600.0, 1.0),
              "not timed (the measure asks 3 runs of 4 frames): 1.0 s of its budget was left for this scene, at 1.60 s a frame");
    EXPECT_EQ(budgetedTiming(measure, 10.0, -2.0).runs, 0);
    EXPECT_EQ(reducedTimingNote(measure, budgetedTiming(measure, 1600.0, 3.5), 1600.0, 3.5),
              "timed on 2 runs of 1 frame, not 3 runs of 4: 3.5 s of its budget was left for this scene, at 1.60 s a frame");
}

namespace {

// Pixels of `image` that a kernel drawing nothing would get wrong by the course's rule (some channel off by
// more than 0.1): those not the clear colour racelab fills the image with before a launch list runs.
long pixelsAnEmptyKernelMisses(const HostImage& image, bool snow) {
    long missed = 0;
    for (int y = 0; y < image.height; ++y) {
        const circles::Rgb clear = circles::clearColor(snow, y, image.height);
        for (int x = 0; x < image.width; ++x) {
            const std::uint8_t* p = image.at(x, y);
            const float channel[3] = {p[0] / 255.f, p[1] / 255.f, p[2] / 255.f};
            const float want[3] = {clear.r, clear.g, clear.b};
            bool off = false;
            for (int c = 0; c < 3; ++c) off |= std::fabs(channel[c] - want[c]) > 0.1f;
            missed += off;
        }
    }
    return missed;
}

long missedAt(const std::string& scene, long frame) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    const std::unique_ptr<Scene> made = createScene(scene, options);
    advanceTo(*made, frame, nullptr);
    HostImage image(256, 256);
    made->renderReference(image, true);
    return pixelsAnEmptyKernelMisses(image, scene == "circles/snow" || scene == "circles/snowsingle");
}

}  // namespace

// Every circles column is judged at a frame where a kernel that draws nothing (or one pixel) is far beyond the
// course's 5 wrong pixels: at 256x256 here, at least 100 pixels are not the clear colour (16 times as many at
// the graded 1024x1024). Snow at frame 0, which a kernel drawing nothing matched, is the control: it must count
// (nearly) none, or the count would be measuring the background rather than what is drawn.
TEST(GradePlan, EveryCirclesColumnDrawsWhatAnEmptyKernelWouldMiss) {
    EXPECT_LE(missedAt("circles/snow", 0), 5);
    for (const PlannedScene& planned : planGrade(withScenes({"all"})).scenes) {
        // Snow is judged where the course checks it, at frame 0, which an empty kernel matches (the control
        // above); snowsingle, in the course's set, judges its flakes.
        if (planned.column.scene == "circles/snow") continue;
        const long missed = missedAt(planned.column.scene, planned.column.frame);
        std::printf("  %-20s frame %3ld: %6ld of 65536 pixels drawn\n", planned.column.scene.c_str(), planned.column.frame, missed);
        EXPECT_GE(missed, 100) << planned.column.label;
    }
}

// Without --reference, circles are timed against the course-level solution racelab ships (a whole file of the
// shape typical of full-mark work), named with its digest; 'good' keeps racelab's tuned renderer; a family that
// reproduces no course has none, and 'course' there is good; a path that is not there is refused.
TEST(GradePlan, TheDefaultReferenceIsTheCourseLevelSolutionRacelabShips) {
    const GradePlan byDefault = planGrade(GradeOptions{});
    EXPECT_EQ(fs::path(byDefault.reference).filename(), "course_level") << byDefault.reference;
    EXPECT_TRUE(fs::exists(fs::path(byDefault.reference) / "cudaRenderer.cu")) << byDefault.reference;
    EXPECT_EQ(byDefault.referenceName.rfind("course_level (digest ", 0), 0u) << byDefault.referenceName;

    GradeOptions good;
    good.reference = "good";
    EXPECT_EQ(planGrade(good).reference, "good");
    EXPECT_EQ(planGrade(good).referenceName, "good");

    GradeOptions histogram = withScenes({}, "histogram");
    EXPECT_EQ(planGrade(histogram).reference, "good") << "histogram reproduces no course";

    GradeOptions missing;
    missing.reference = "/nonexistent/teacher.cu";
    EXPECT_THROW(planGrade(missing), UsageError);
}

// Without nvcc a whole file cannot be built: the default falls back to good and says why, so that a class of
// launch lists still grades on a machine with NVRTC alone.
TEST(GradePlan, WithoutNvccTheDefaultReferenceIsGoodAndSaysWhy) {
    const char* before = std::getenv("RACELAB_NVCC");
    const std::string kept = before ? before : "";
    setenv("RACELAB_NVCC", "/nonexistent/nvcc", 1);
    const GradePlan plan = planGrade(GradeOptions{});
    if (before) setenv("RACELAB_NVCC", kept.c_str(), 1);
    else unsetenv("RACELAB_NVCC");
    EXPECT_EQ(plan.reference, "good");
    EXPECT_EQ(plan.referenceName, "good");
    EXPECT_NE(plan.referenceNote.find("nvcc"), std::string::npos) << plan.referenceNote;
    EXPECT_TRUE(planGrade(GradeOptions{}).referenceNote.empty() || userkernel::findNvcc().empty());
}
