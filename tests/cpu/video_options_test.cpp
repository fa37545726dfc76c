// The options of the viewer's recording and script (--press, --inspect): bad values are refused before any window opens or file
// is made, with the choices named; the keys a script presses and the names of a viewer's later recordings.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/viewer/viewer_keys.hpp"
#include "app/viewer/viewer_video.hpp"
#include "core/errors.hpp"
#include "process_runner.hpp"
#include "scenes/scene_registry.hpp"
#include "test_data.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

using namespace racelab;

namespace {

void expectRefused(const std::string& arguments, const std::string& message) {
    const ProcessResult r = runRacelab("--dry-parse " + arguments);
    EXPECT_NE(r.exitCode, 0) << arguments;
    EXPECT_NE(r.output.find(message), std::string::npos) << arguments << "\n" << r.output;
}

}  // namespace

TEST(VideoOptions, BadValuesAreRefusedWithTheChoices) {
    expectRefused("view --video clip.avi", "must end in .mp4 (H.264), .webm (VP9) or .gif");
    expectRefused("view --video clip.gif --video-fps 60", "0 (the frames' own times) .. 50 frames per second for GIF");
    expectRefused("view --video clip.mp4 --video-fps 500", "--video-fps: Value 500 not in range");
    expectRefused("view --video-queue later", "--video-queue: later not in");
    expectRefused("view --press B", "expected FRAME:KEY");
    expectRefused("view --press 10:Q", "G B 1-9 V S C R K F space esc");
    const std::string kernel = racelab::testing::testDataPath("data/races/circles_flags_reused.cu");
    expectRefused("view --kernel " + kernel + " --inspect 10", "--inspect 10: give X,Y, two whole numbers from 0");
    expectRefused("view --kernel " + kernel + " --inspect=-3,4", "--inspect -3,4: give X,Y");
    expectRefused("view --inspect 10,20", "--inspect opens the pixel inspector on a user kernel's frame: it needs --kernel FILE");
    expectRefused("frames --scene circles/snow", "give --out-dir for the frames (PNG, or PPM with --ppm), a video");
    expectRefused("frames --scene circles/snow --gif out.mp4", "--gif 'out.mp4' must end in .gif");
    expectRefused("frames --scene circles/snow --video out.gif --fps 60", "frames per second for GIF");
    EXPECT_EQ(runRacelab("--dry-parse view --video a.webm --video-fps 60 --press 0:b --press 30:space").exitCode, 0);
    EXPECT_EQ(runRacelab("--dry-parse view --kernel " + kernel + " --press 2:F --inspect 200,590").exitCode, 0);
}

TEST(VideoOptions, AnUnwritableVideoPathStopsViewBeforeAWindow) {
    const ProcessResult r = runRacelab("view --backend cpu --frames 1 --video /nonexistent-dir/v.mp4");
    EXPECT_NE(r.exitCode, 0);
    EXPECT_NE(r.output.find("cannot write '/nonexistent-dir/v.mp4'"), std::string::npos) << r.output;
}

TEST(ScriptedKeys, ParseFrameAndKey) {
    EXPECT_EQ(parseScriptedKey("30:B").frame, 30);
    EXPECT_EQ(parseScriptedKey("30:B").key, GLFW_KEY_B);
    EXPECT_EQ(parseScriptedKey("0:c").key, GLFW_KEY_C);
    EXPECT_EQ(parseScriptedKey("7:2").key, GLFW_KEY_2);
    EXPECT_EQ(parseScriptedKey("9:Space").key, GLFW_KEY_SPACE);
    EXPECT_EQ(parseScriptedKey("120:esc").key, GLFW_KEY_ESCAPE);
    for (const char* bad : {"", ":B", "B", "-1:B", "3.5:B", "x:B", "10:", "10:Q", "10:BB", "10:0"})
        EXPECT_THROW(parseScriptedKey(bad), UsageError) << bad;
}

TEST(ScriptedKeys, CStartsAndStopsAVideo) {
    FrameControls controls;
    SceneOptions options;
    options.backend = Backend::Cpu;
    const auto scene = createScene("circles/rgb", options);
    EXPECT_EQ(applyViewerKey(GLFW_KEY_C, controls, *scene), ViewerKeyAction::ToggleVideo);
}

TEST(ViewerVideoNames, LaterRecordingsAreNumberedBeforeTheExtension) {
    EXPECT_EQ(videoPathFor("clip.mp4", 1), "clip.mp4");
    EXPECT_EQ(videoPathFor("clip.mp4", 2), "clip-2.mp4");
    EXPECT_EQ(videoPathFor("out/a b.gif", 3), "out/a b-3.gif");
    const std::string automatic = videoPathFor("", 1);
    EXPECT_EQ(automatic.rfind("racelab-video-", 0), 0u) << automatic;
    EXPECT_EQ(std::filesystem::path(automatic).extension(), ".mp4");
}

TEST(ViewerVideoNames, PanelFormats) {
    EXPECT_EQ(formatBytes(12), "12 B");
    EXPECT_EQ(formatBytes(640'000), "640 kB");
    EXPECT_EQ(formatBytes(3'140'000), "3.1 MB");
    EXPECT_EQ(formatClock(12.44), "0:12.4");
    EXPECT_EQ(formatClock(65), "1:05.0");
    EXPECT_EQ(formatClock(3903), "1:05:03.0");
}
