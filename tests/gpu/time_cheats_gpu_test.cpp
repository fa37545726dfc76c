// Time that cannot be bought (docs/GRADING.md): a whole-file solution that moves its frame's work out of the
// course's calls -- into getImage(), or onto a thread of its own joined there -- looks nearly free by the
// course's measure, taken inside its own process; racelab's clock, around the whole frame request in racelab's
// process less racelab's own share, sees the work, and the frame counts it (judge/counted_frame_time.hpp). Each
// cheat beside its honest twin (tests/data/whole_file/per_pixel_2022, the same kernel in render()), on rand10k
// at 512x512, where the frame's work is some milliseconds.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

#include "app/grading.hpp"
#include "app/scene_setup.hpp"
#include "core/gpu_timing.hpp"
#include "core/stats.hpp"
#include "frame/offline_frame.hpp"
#include "gpu_test_support.hpp"
#include "judge/counted_frame_time.hpp"
#include "test_data.hpp"
#include "userkernel/build/nvcc_facts.hpp"
#include "userkernel/user_kernel.hpp"

using namespace racelab;

namespace {

struct Clocks {
    double courseMs = 0, racelabMs = 0, countedMs = 0;  // medians over the frames
    std::string thrown;
};

Clocks timeSolution(const std::string& name, int frames = 12) {
    SceneSelection selection;
    selection.scene = "circles/rand10k";
    selection.size = "512x512";
    selection.kernel = racelab::testing::testDataPath("data/whole_file/" + name);
    selection.kernelTimeout = 60;
    Clocks clocks;
    try {
        PreparedScene prepared = prepareScene(selection, "512x512");
        CudaStream stream;
        renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());  // the build, the worker, a first frame
        prepared.kernel->recordFrameTimes(true);
        for (int i = 0; i < frames; ++i) renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
        const userkernel::RecordedFrameTimes& recorded = prepared.kernel->recordedFrameTimes();
        EXPECT_EQ(recorded.parentMs.size(), recorded.kernelMs.size()) << name << ": racelab's clock missed frames";
        std::vector<double> counted;
        for (std::size_t i = 0; i < recorded.kernelMs.size() && i < recorded.parentMs.size(); ++i)
            counted.push_back(judge::countedFrameMs(recorded.kernelMs[i], recorded.parentMs[i]));
        clocks.courseMs = summarize(recorded.kernelMs).p50;
        clocks.racelabMs = recorded.parentMs.empty() ? 0 : summarize(recorded.parentMs).p50;
        clocks.countedMs = counted.empty() ? 0 : summarize(counted).p50;
        std::printf("%-34s course's measure %.3f ms, racelab's clock %.3f ms, counted %.3f ms\n", name.c_str(), clocks.courseMs,
                    clocks.racelabMs, clocks.countedMs);
    } catch (const Error& e) {
        clocks.thrown = e.what();
    }
    return clocks;
}

}  // namespace

TEST(TimeCheatsGpu, WorkMovedOutOfTheCoursesCallsIsCountedAsItsHonestTwinsIs) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    if (userkernel::findNvcc().empty()) GTEST_SKIP() << userkernel::nvccMissingAdvice();
    const Clocks honest = timeSolution("per_pixel_2022");
    ASSERT_TRUE(honest.thrown.empty()) << honest.thrown;
    ASSERT_GT(honest.courseMs, 1.0) << "the frame's work must dwarf the clocks' slack for the comparison to mean something";
    // The honest twin: both clocks agree within the slack, and it counts the course's measure.
    EXPECT_LE(honest.racelabMs, honest.courseMs + judge::clockSlackMs(honest.courseMs));
    EXPECT_DOUBLE_EQ(honest.countedMs, honest.courseMs);
    for (const char* cheat : {"cheat_render_in_getimage", "cheat_thread_joined_in_getimage"}) {
        SCOPED_TRACE(cheat);
        const Clocks c = timeSolution(cheat);
        ASSERT_TRUE(c.thrown.empty()) << c.thrown;
        EXPECT_LT(c.courseMs, 0.3 * honest.courseMs) << "the cheat must fool the course's measure for this test to test anything";
        // No better than its twin, but for the slack.
        EXPECT_GE(c.countedMs, honest.countedMs - judge::clockSlackMs(c.courseMs)) << "counted " << c.countedMs << " ms";
    }
}

// The cheats both clocks miss: a frame kept and returned again, and one that queues its next frame between
// racelab's requests. Graded as a class against the default reference, each beside its honest twin: on a still
// scene the first frame of a fresh renderer puts the work back under the cheat's counted time; on an animation
// the kept frame is wrong at the step judged. A third cheat draws its pictures in setup (a still scene's one, the
// bouncing balls' first 64): setup is not timed, and docs/GRADING.md says that this stays open; here it must
// still be right.
TEST(TimeCheatsGpu, AFrameKeptOrQueuedEarnsNoMoreThanItsHonestTwin) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    if (userkernel::findNvcc().empty()) GTEST_SKIP() << userkernel::nvccMissingAdvice();
    namespace fs = std::filesystem;
    const fs::path folder = fs::temp_directory_path() / ("racelab-time-cheats-" + std::to_string(::getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    for (const char* name : {"per_pixel_2022", "cheat_reuse_first_frame", "cheat_setup_precompute", "cheat_queued_between_requests"})
        fs::copy(racelab::testing::testDataPath(std::string("data/whole_file/") + name), folder / name);
    GradeOptions options;  // the default reference: the course-level whole file
    options.path = folder.string();
    options.scenes = {"circles/rand10k", "circles/bouncingballs@30"};
    options.size = "512x512";
    options.budget = 0;
    options.noSandbox = true;  // the sandbox has its own tests
    const judge::GradeTable table = gradeSubmissions(options);
    std::map<std::string, std::map<std::string, judge::GradeRow>> rows;  // submission -> scene -> row
    for (const judge::GradeRow& row : table.rows) rows[row.submission][row.scene] = row;
    for (const std::string scene : {"circles/rand10k", "circles/bouncingballs@30"}) {
        SCOPED_TRACE(scene);
        const judge::GradeRow& honest = rows["per_pixel_2022"][scene];
        ASSERT_EQ(judge::statusName(honest.status), std::string("pass")) << honest.message;
        ASSERT_TRUE(honest.timeMs.has_value());
        // The honest twin is not charged: its first frame is as dear as its frames say.
        EXPECT_EQ(honest.message.find("first frame"), std::string::npos) << honest.message;
        std::printf("  %-30s %-26s %8.3f ms, %g of %g\n", "per_pixel_2022", scene.c_str(), *honest.timeMs, honest.score, honest.maxScore);
        for (const char* cheat : {"cheat_reuse_first_frame", "cheat_queued_between_requests", "cheat_setup_precompute"}) {
            SCOPED_TRACE(cheat);
            const judge::GradeRow& c = rows[cheat][scene];
            std::printf("  %-30s %-26s %8.3f ms, %g of %g, %s: %s\n", cheat, scene.c_str(), c.timeMs.value_or(-1), c.score,
                        c.maxScore, std::string(judge::statusName(c.status)).c_str(), c.message.c_str());
            if (std::string(cheat) == "cheat_setup_precompute") {
                EXPECT_EQ(judge::statusName(c.status), std::string("pass")) << c.message;
                continue;
            }
            EXPECT_LE(c.score, honest.score) << "counted " << c.timeMs.value_or(-1) << " ms against the twin's " << *honest.timeMs;
            if (scene == "circles/bouncingballs@30" && std::string(cheat) == "cheat_reuse_first_frame") {
                // A kept frame of a moving animation is a wrong frame at the step judged.
                EXPECT_EQ(judge::statusName(c.status), std::string("wrong")) << c.message;
                EXPECT_NE(c.message.find("chosen at random, is judged at its step"), std::string::npos) << c.message;
                continue;
            }
            ASSERT_EQ(judge::statusName(c.status), std::string("pass")) << c.message;
            ASSERT_TRUE(c.timeMs.has_value());
            if (scene == "circles/rand10k") {
                // The frame is milliseconds here: the cheat fooled the course's measure on its timed frames, and
                // the first frame put the work back with racelab's doubt against it (judge::firstPictureSlackMs)
                // -- or, for the queued frame, racelab's clock did first: the next getImage waits for it. Either
                // way it counts no less than its twin, within the two clocks' slack.
                const bool counted = c.message.find("first frame") != std::string::npos ||
                                     c.message.find("beyond the course's measure") != std::string::npos;
                EXPECT_TRUE(counted) << c.message;
                EXPECT_GE(*c.timeMs, *honest.timeMs - judge::clockSlackMs(*honest.timeMs));
            }
        }
    }
    fs::remove_all(folder);
}
