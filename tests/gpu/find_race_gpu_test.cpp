// The viewer's "find the race" on the GPU. The racing pixels of the starter (one thread a circle, each
// reading and writing every pixel of its circle) are exactly the pixels that two or more circles cover, as
// counted on the CPU with the starter's own formula; and in a real window, F names the starter's two lines
// (and a whole-file solution's, in its own file), paints the racing pixels over the picture, and --inspect
// lists every access to one pixel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>

#include "core/asset_paths.hpp"
#include "core/image_io.hpp"
#include "core/run_program.hpp"
#include "frame/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "present/glfw_window.hpp"
#include "scenes/circles/circle_scene.hpp"
#include "test_data.hpp"
#include "user_kernel_test_support.hpp"
#include "userkernel/build/nvcc_facts.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"
#include "userkernel/racecheck/racing_pixels.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace fs = std::filesystem;
using namespace racelab;

namespace {

// How many circles cover pixel (x, y) by the starter's test (its bounding box, then the centre's distance),
// with the radius scaled by `slack`: 1 - 1e-5 and 1 + 1e-5 bracket the GPU's rounding at a circle's edge.
int coverage(const circles::CircleSet& set, int width, int height, int x, int y, float slack) {
    int count = 0;
    const float cx = (1.f / static_cast<float>(width)) * (static_cast<float>(x) + .5f);
    const float cy = (1.f / static_cast<float>(height)) * (static_cast<float>(y) + .5f);
    for (int i = 0; i < set.count(); ++i) {
        const float px = set.position[3 * static_cast<std::size_t>(i)], py = set.position[3 * static_cast<std::size_t>(i) + 1];
        const float rad = set.radius[static_cast<std::size_t>(i)];
        const int minX = std::max(0, std::min(width, static_cast<int>(static_cast<float>(width) * (px - rad))));
        const int maxX = std::max(0, std::min(width, static_cast<int>(static_cast<float>(width) * (px + rad)) + 1));
        const int minY = std::max(0, std::min(height, static_cast<int>(static_cast<float>(height) * (py - rad))));
        const int maxY = std::max(0, std::min(height, static_cast<int>(static_cast<float>(height) * (py + rad)) + 1));
        if (x < minX || x >= maxX || y < minY || y >= maxY) continue;
        const float dx = px - cx, dy = py - cy, r = rad * slack;
        if (dx * dx + dy * dy <= r * r) ++count;
    }
    return count;
}

// The racing pixels of `kernel` (a launch list, or a whole-file solution's folder) on rand10k at 512x512 are
// exactly the pixels two circles cover, where each circle is drawn by a thread of its own.
void expectRacingPixelsWhereTwoCirclesCover(const std::string& kernel) {
    SceneSelection selection;
    selection.scene = "circles/rand10k";
    selection.size = "512x512";
    selection.kernel = kernel;
    selection.kernelAccessChecks = RACELAB_ACCESS_RACES;
    selection.kernelTimeout = 60;
    PreparedScene prepared = prepareScene(selection, "512x512");
    prepared.kernel->setRacingWords(true);
    CudaStream stream;
    renderOffline(*prepared.scene, prepared.variant, prepared.size, stream.get());
    const userkernel::UserKernelStatus& status = prepared.kernel->status();
    ASSERT_TRUE(status.accesses.has_value()) << status.message;
    const userkernel::RacingPixels pixels = userkernel::racingPixels(*status.accesses, prepared.kernel->findingContext());
    ASSERT_EQ(pixels.width, 512);
    ASSERT_EQ(pixels.height, 512);
    EXPECT_FALSE(pixels.truncated);
    EXPECT_TRUE(pixels.elsewhere.empty()) << pixels.elsewhere;
    auto& wrapped = dynamic_cast<userkernel::UserKernelScene&>(*prepared.scene);
    const circles::CircleSet& set = dynamic_cast<circles::CircleScene&>(wrapped.inner()).circles();
    long long sure = 0, missed = 0, extra = 0;
    for (int y = 0; y < 512; ++y)
        for (int x = 0; x < 512; ++x) {
            const bool racing = pixels.mask[static_cast<std::size_t>(y) * 512 + static_cast<std::size_t>(x)] != 0;
            const bool twoInside = coverage(set, 512, 512, x, y, 1.f - 1e-5f) >= 2;
            const bool twoAtMost = coverage(set, 512, 512, x, y, 1.f + 1e-5f) >= 2;
            sure += twoInside;
            missed += twoInside && !racing;  // two threads read and wrote it: the checks must have seen it
            extra += racing && !twoAtMost;   // one thread alone touched it: no race there
        }
    EXPECT_GT(sure, 10000);  // rand10k overlaps a lot: the comparison means something
    EXPECT_EQ(missed, 0);
    EXPECT_EQ(extra, 0);
    EXPECT_GE(pixels.count, sure);
}

}  // namespace

TEST(RacingPixelsGpu, TheStartersRacingPixelsAreThePixelsTwoCirclesCover) {
    REQUIRE_CUDA_AND_NVRTC();
    expectRacingPixelsWhereTwoCirclesCover(findAsset("kernels/circles/starter.cu"));
}

// The same of a whole-file solution of that shape (tests/data/whole_file/racy_per_circle): its image is the
// buffer of the frame's size that it allocated, and its racing words are these pixels.
TEST(RacingPixelsGpu, AWholeFileSolutionsRacingPixelsAreThePixelsTwoCirclesCover) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    if (userkernel::findNvcc().empty()) GTEST_SKIP() << userkernel::nvccMissingAdvice();
    expectRacingPixelsWhereTwoCirclesCover(racelab::testing::testDataPath("data/whole_file/racy_per_circle"));
}

// In a real window: F on `kernel` (a launch list or a whole file) names `lines` (each "FILE:LINE  TEXT" as the
// viewer prints it), paints the racing pixels cyan over the picture and inspects one pixel; the screenshot
// goes to `shot` (kept where RACELAB_KEEP_SCREENSHOTS names a folder, for docs/views/).
static void expectFPaintsTheRace(const std::string& kernel, const std::vector<std::string>& lines, const std::string& name) {
    if (const std::string why = GlfwWindow::displayUnavailableReason(); !why.empty())
        GTEST_SKIP() << "window test skipped: " << why;
    const char* keep = std::getenv("RACELAB_KEEP_SCREENSHOTS");
    const fs::path shot = keep ? fs::path(keep) / (name + ".png")
                               : fs::temp_directory_path() / ("racelab-" + name + "-" + std::to_string(getpid()) + ".png");
    fs::remove(shot);
    const std::string racelab = (fs::path(executablePath()).parent_path() / "racelab").string();
    const ProgramRun run = runProgram({racelab, "view", "--scene", "circles/rand10k", "--kernel", kernel, "--size", "1000x600",
                                       "--press", "2:F", "--inspect", "150,300", "--frames", "8", "--screenshot", shot.string()},
                                      300);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    for (const std::string& line : lines) EXPECT_NE(run.output.find(line), std::string::npos) << line << "\n" << run.output;
    EXPECT_NE(run.output.find("pixel (150, 300): "), std::string::npos) << run.output;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(run.output, m, std::regex(R"(racing pixels: (\d+))"))) << run.output;
    const long long racing = std::stoll(m[1].str());
    EXPECT_GT(racing, 1000);
    // The overlay: cyan (0, 230, 255) at 85 % over the picture, right of the panel (at most half the window).
    const HostImage image = readImage(shot.string());
    long long cyan = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = image.width / 2; x < image.width; ++x) {
            const std::uint8_t* p = image.at(x, y);
            if (p[0] < 45 && p[1] > 190 && p[2] > 210) ++cyan;
        }
    // The scene is the window's right part, the inspector covers some of it: a good share of the pixels shows.
    EXPECT_GT(cyan, racing / 4) << "racing pixels " << racing << ", cyan in the screenshot " << cyan;
    if (!keep) fs::remove(shot);
}

TEST(FindTheRaceWindow, FNamesTheStartersLinesPaintsItsPixelsAndInspectsOne) {
    REQUIRE_CUDA_AND_NVRTC();
    expectFPaintsTheRace(findAsset("kernels/circles/starter.cu"),
                         {"starter.cu:30  float4 existing = *imagePtr;", "starter.cu:36  *imagePtr = blended;"}, "find-the-race");
}

TEST(FindTheRaceWindow, FOnAWholeFileSolutionNamesItsOwnLines) {
    REQUIRE_CUDA_AND_NVRTC();
    if (userkernel::findNvcc().empty()) GTEST_SKIP() << userkernel::nvccMissingAdvice();
    expectFPaintsTheRace(racelab::testing::testDataPath("data/whole_file/racy_per_circle"),
                         {"cudaRenderer.cu:46  float4 old = *pixel;", "cudaRenderer.cu:51  *pixel = old;"}, "whole-file-find-the-race");
}
