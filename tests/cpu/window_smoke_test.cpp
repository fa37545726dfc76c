// The real window under Xvfb + Mesa: `view --backend cpu --frames 30 --screenshot` must give a PNG that
// shows the rendered scene and the ImGui panel.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "core/image_io.hpp"
#include "process_runner.hpp"

namespace {

bool near(const std::uint8_t* p, int r, int g, int b, int tolerance) {
    return std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance;
}

}  // namespace

TEST(WindowSmoke, CpuBackendUnderXvfbShowsSceneAndPanel) {
    if (runCommand("command -v xvfb-run").exitCode != 0) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh)";
    std::string shot = (std::filesystem::temp_directory_path() / "racelab_window_smoke.png").string();
    std::filesystem::remove(shot);
    ProcessResult r = runCommand("env -u __GLX_VENDOR_LIBRARY_NAME xvfb-run -a -s '-screen 0 1024x768x24' " +
                                 std::string(RACELAB_BINARY) +
                                 " view --backend cpu --scene circles/rgb --size 800x600 --frames 30 --screenshot " + shot);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    racelab::HostImage image = racelab::readImage(shot);
    ASSERT_EQ(image.width, 800);
    ASSERT_EQ(image.height, 600);
    // The panel is docked to the left edge and takes at most half the window (400 of 800 columns); the scene is
    // drawn in the other 400, whole: normalized (.85, .5) is covered by the blue circle only -> (128, 128, 255),
    // and both of the scene's bottom corners are white, the left one just right of the panel.
    const int sceneLeft = 400, sceneWidth = 400;
    EXPECT_TRUE(near(image.at(sceneLeft + static_cast<int>(.85 * sceneWidth), 300), 128, 128, 255, 2));
    EXPECT_TRUE(near(image.at(799, 5), 255, 255, 255, 0));
    EXPECT_TRUE(near(image.at(sceneLeft + 2, 5), 255, 255, 255, 0)) << "the scene's left edge is under the panel";
    // The panel: ImGui's dark window background over cleared black fills the left columns at every height.
    long dark = 0;
    for (int y = 0; y < 600; ++y)
        for (int x = 0; x < sceneLeft - 2; ++x)
            if (image.at(x, y)[0] < 60 && image.at(x, y)[1] < 60 && image.at(x, y)[2] < 70) ++dark;
    EXPECT_GT(dark, 140000) << "no docked panel in the screenshot";  // of 238,800: the controls take the rest
    std::filesystem::remove(shot);
}

TEST(WindowSmoke, UnwritableRecordPathKeepsTheViewerRunning) {
    if (runCommand("command -v xvfb-run").exitCode != 0) GTEST_SKIP() << "xvfb-run is not installed (tools/install-deps.sh)";
    ProcessResult r = runCommand("env -u __GLX_VENDOR_LIBRARY_NAME xvfb-run -a " + std::string(RACELAB_BINARY) +
                                 " view --backend cpu --scene circles/rgby --size 320x240 --frames 5 --record /nonexistent-dir/t.csv");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("cannot write timing CSV"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("the viewer keeps running"), std::string::npos) << r.output;
}

TEST(WindowSmoke, WithoutADisplayViewRendersHeadless) {
    std::string shot = (std::filesystem::temp_directory_path() / "racelab_headless_view.png").string();
    std::filesystem::remove(shot);
    ProcessResult r = runCommand("env -u DISPLAY -u WAYLAND_DISPLAY " + std::string(RACELAB_BINARY) +
                                 " view --backend cpu --scene circles/rgb --size 200x100 --frames 3 --screenshot " + shot);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("no display"), std::string::npos) << r.output;
    racelab::HostImage image = racelab::readImage(shot);
    EXPECT_EQ(image.width, 200);
    EXPECT_TRUE(near(image.at(100, 50), 64, 96, 159, 0));  // the rgb centre, as computed in circle_reference_test
}
