// Rapid resizes and minimizing of the real window: the presenter follows the framebuffer, frames keep
// their size, and an empty framebuffer never reaches the presenter. Runs under Xvfb (ctest runs this
// suite through xvfb-run); without a display it skips.
#include <gtest/gtest.h>

#include <cstdlib>

#include "frame/frame_loop.hpp"
#include "core/gpu_timing.hpp"
#include "present/glfw_window.hpp"
#include "present/presenter.hpp"
#include "scenes/scene_registry.hpp"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

using namespace racelab;

TEST(WindowResize, RapidResizesAndMinimizeKeepFramesConsistent) {
    if (!GlfwWindow::displayUnavailableReason().empty()) GTEST_SKIP() << "needs a display (ctest runs it under xvfb-run)";
    GlfwWindow window(320, 240, "racelab resize test");
    SceneOptions options;
    options.backend = Backend::Cpu;
    auto scene = createScene("circles/rgb", options);
    CudaStream stream;
    auto presenter = makePresenter(Backend::Cpu, PresentMode::Auto, stream.get(), 320, 240);
    FrameLoop loop(*scene, presenter.get(), &window, stream.get());
    FrameControls controls;
    const int sizes[][2] = {{640, 480}, {17, 9}, {1, 1}, {800, 200}, {333, 777}, {64, 64}, {1024, 600}};
    int drawn = 0;
    for (int round = 0; round < 3; ++round)
        for (auto& s : sizes) {
            glfwSetWindowSize(window.handle(), s[0], s[1]);
            window.pollEvents();
            if (!fitPresenterToSurface(*presenter, window)) continue;
            loop.runFrame(controls);
            ++drawn;
            Size2 fb = window.framebufferSize();
            EXPECT_EQ(presenter->width(), fb.width);
            EXPECT_EQ(presenter->height(), fb.height);
            EXPECT_EQ(presenter->hostImage()->width, fb.width);
        }
    EXPECT_GT(drawn, 10);
    glfwIconifyWindow(window.handle());
    window.pollEvents();
    if (fitPresenterToSurface(*presenter, window)) loop.runFrame(controls);  // no-op where iconify has no effect
    EXPECT_GT(presenter->width(), 0);
    EXPECT_GT(presenter->height(), 0);
}
