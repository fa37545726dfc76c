// The viewer's video recording in the real window under Xvfb + Mesa (cpu backend; NVIDIA GL and the cuda backend
// with RACELAB_WINDOW_TEST_GL=nvidia): a scripted run records
// every frame, its first and last frames are the screenshots taken at those frames (the scene's area, or the
// whole window with --video-panel), C starts and stops recordings at scripted frames, and a path full of
// shell syntax is just a file name. The programs start from argument vectors (runProgram): no shell.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "core/image_io.hpp"
#include "process_runner.hpp"
#include "video_reader.hpp"

using racelab::HostImage;
using racelab::testing::cropColumns;
using racelab::testing::psnrRgb;
using racelab::testing::readVideo;
namespace fs = std::filesystem;

namespace {

// A name a shell would take apart: spaces, quotes, a command substitution, a leading dash.
const std::string kHostileStem = "-it's \"a\" $(touch pwned) clip";

bool haveXvfb() { return runCommand("command -v xvfb-run").exitCode == 0; }

// RACELAB_WINDOW_TEST_GL=nvidia (on a GPU machine): the same runs on NVIDIA's GL under that Xvfb with the cuda
// backend, so the recording is tested where the frames come from CUDA through GL interop.
bool onNvidiaGl() {
    const char* gl = std::getenv("RACELAB_WINDOW_TEST_GL");
    return gl && std::string(gl) == "nvidia";
}

std::vector<std::string> viewUnderXvfb(const std::vector<std::string>& arguments) {
    std::vector<std::string> argv{"env", "-u", "__GLX_VENDOR_LIBRARY_NAME", "xvfb-run", "-a", "-s", "-screen 0 1024x768x24",
                                  RACELAB_BINARY, "view", "--backend", "cpu", "--scene", "circles/snow", "--size", "640x360"};
    if (onNvidiaGl()) {
        argv.erase(argv.begin(), argv.begin() + 3);  // keep __GLX_VENDOR_LIBRARY_NAME=nvidia
        argv[std::find(argv.begin(), argv.end(), "cpu") - argv.begin()] = "cuda";
    }
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    return argv;
}

std::set<std::string> filesIn(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

class WindowVideo : public ::testing::Test {
protected:
    void SetUp() override {
        if (!haveXvfb()) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh)";
        dir_ = fs::temp_directory_path() / ("racelab_window_video_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

// The window is 640 wide and the panel takes half of it at most: the scene's area is the right 320 columns.
constexpr int kSceneWidth = 320, kSceneLeft = 640 - kSceneWidth;

}  // namespace

TEST_F(WindowVideo, ScriptedRunRecordsEveryFrameAndEndsOnItsScreenshots) {
    const ProcessResult first = runProgram(viewUnderXvfb({"--frames", "1", "--screenshot", "first.png"}), dir_.string());
    ASSERT_EQ(first.exitCode, 0) << first.output;
    const ProcessResult run = runProgram(
        viewUnderXvfb({"--frames", "24", "--video", "clip.mp4", "--video-fps", "24", "--screenshot", "last.png"}), dir_.string());
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("recorded clip.mp4: 24 frames"), std::string::npos) << run.output;

    const auto video = readVideo((dir_ / "clip.mp4").string());
    EXPECT_EQ(video.codec, "h264");
    EXPECT_EQ(video.frames, 24);  // --frames 24 with --frames' default queue (wait): none dropped
    EXPECT_NEAR(video.durationSeconds, 1.0, 0.01);  // 24 frames of 1/24 s
    EXPECT_EQ(video.width, kSceneWidth);
    EXPECT_EQ(video.height, 360);
    // The screenshots hold the whole window; the video its scene area. Bound: H.264 at constant quality 20 keeps
    // this scene above 33 dB PSNR (40-43 measured), while the first frame against the last gives 23 dB.
    const HostImage firstShot = cropColumns(racelab::readImage((dir_ / "first.png").string()), kSceneLeft, kSceneWidth);
    const HostImage lastShot = cropColumns(racelab::readImage((dir_ / "last.png").string()), kSceneLeft, kSceneWidth);
    EXPECT_GE(psnrRgb(firstShot, video.first), 33.0);
    EXPECT_GE(psnrRgb(lastShot, video.last), 33.0);
    EXPECT_LT(psnrRgb(firstShot, video.last), 30.0) << "the first and last frames cannot be told apart: the test proves nothing";
}

TEST_F(WindowVideo, KeysStartAndStopRecordingsOfTheWholeWindow) {
    // Recording from frame 0 (--video), C before frame 8 stops it, C before frame 14 starts "-2", which the end of
    // the run (frame 19) completes.
    const ProcessResult run = runProgram(viewUnderXvfb({"--frames", "20", "--video", "win.gif", "--video-panel",
                                                        "--video-fps", "20", "--press", "8:C", "--press", "14:c",
                                                        "--screenshot", "last.png"}),
                                         dir_.string());
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const auto before = readVideo((dir_ / "win.gif").string(), false);
    const auto after = readVideo((dir_ / "win-2.gif").string());
    EXPECT_EQ(before.frames, 8);
    EXPECT_EQ(after.frames, 6);
    EXPECT_EQ(after.width, 640);
    EXPECT_EQ(after.height, 360);
    // The panel included: the last frame is the screenshot (a GIF's 256 colours a frame: above 35 dB PSNR, 41
    // measured).
    EXPECT_GE(psnrRgb(racelab::readImage((dir_ / "last.png").string()), after.last), 35.0);
    EXPECT_EQ(filesIn(dir_), (std::set<std::string>{"win.gif", "win-2.gif", "last.png"}));
}

TEST_F(WindowVideo, EscEndsTheRunWithAWholeFile) {
    // Esc pressed before frame 10 closes the window after it: frames 0..10, then the file is completed.
    const ProcessResult run = runProgram(
        viewUnderXvfb({"--frames", "100", "--video", "esc.mp4", "--video-fps", "30", "--press", "10:esc"}), dir_.string());
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const auto video = readVideo((dir_ / "esc.mp4").string(), false);
    EXPECT_EQ(video.frames, 11);
    EXPECT_NEAR(video.durationSeconds, 11 / 30.0, 0.01);
    EXPECT_EQ(filesIn(dir_), (std::set<std::string>{"esc.mp4"}));
}

TEST_F(WindowVideo, AHostilePathIsOnlyAFileName) {
    const std::string name = kHostileStem + ".webm";
    const ProcessResult run = runProgram(viewUnderXvfb({"--frames", "6", "--video=" + name}), dir_.string());
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(filesIn(dir_), (std::set<std::string>{name})) << run.output;
    EXPECT_EQ(readVideo((dir_ / name).string(), false).frames, 6);
}

TEST(NoShell, FramesWritesAVideoAndAGifToAHostilePathAndNothingElse) {
    const fs::path dir = fs::temp_directory_path() / ("racelab_no_shell_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string mp4 = kHostileStem + ".mp4", gif = kHostileStem + ".gif";
    const ProcessResult run = runProgram({RACELAB_BINARY, "frames", "--backend", "cpu", "--scene", "circles/snow",
                                          "--size", "160x90", "--frames", "12", "--mp4=" + mp4, "--gif=" + gif},
                                         dir.string());
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(filesIn(dir), (std::set<std::string>{mp4, gif})) << run.output;
    for (const std::string& name : {mp4, gif}) {
        const auto video = readVideo((dir / name).string(), false);
        EXPECT_EQ(video.frames, 12) << name;
        EXPECT_EQ(video.width, 160) << name;
        EXPECT_NEAR(video.durationSeconds, 12 / 30.0, 0.011) << name;  // --fps 30, the default
    }
    fs::remove_all(dir);
}
