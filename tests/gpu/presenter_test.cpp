// On an EGL device context: both interop forms and the staging presenter give identical pixels (and equal
// the plain device frame), frames in flight draw what frames one at a time draw, and the race meter sees the
// bad variant's races.
#include <gtest/gtest.h>

#include <vector>

#include "frame/frame_loop.hpp"
#include "frame/offline_frame.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/stats.hpp"
#include "gpu_test_support.hpp"
#include "present/headless_egl.hpp"
#include "present/presenter.hpp"
#include "scenes/scene_registry.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#endif

using namespace racelab;

namespace {

// `frames` frames of an animated scene with `inFlight` frames in flight; the texture after the last one.
HostImage presentFrames(PresentMode mode, const std::string& expectedName, int width, int height, int frames = 1,
                        int inFlight = 1, const char* sceneName = "circles/rand10k") {
    SceneOptions options;
    auto scene = createScene(sceneName, options);
    CudaStream stream;
    auto presenter = makePresenter(Backend::Cuda, mode, stream.get(), width, height);
    EXPECT_EQ(presenter->name(), expectedName);
    HeadlessEglSurface* noSurface = nullptr;
    FrameLoop loop(*scene, presenter.get(), noSurface, stream.get());
    loop.setFramesInFlight(inFlight);
    FrameControls controls;
    for (int i = 0; i < frames; ++i) loop.runFrame(controls);
    return presenter->readTexture();  // GL waits for the copy, which the unmap ordered after the kernels
}

}  // namespace

TEST(Presenters, InteropAndStagingGiveIdenticalPixels) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const int width = 1000, height = 600;
    HeadlessEglSurface surface(width, height, currentCudaDevice());
    HostImage interop = presentFrames(PresentMode::Interop, "interop-texture", width, height);
    HostImage pbo = presentFrames(PresentMode::InteropPbo, "interop-pbo", width, height);
    HostImage staging = presentFrames(PresentMode::Staging, "staging", width, height);
    ASSERT_EQ(interop.width, width);
    EXPECT_EQ(interop.pixels, staging.pixels);
    EXPECT_EQ(pbo.pixels, staging.pixels);

    SceneOptions options;
    auto scene = createScene("circles/rand10k", options);
    CudaStream stream;
    HostImage direct = renderOffline(*scene, 0, {width, height}, stream.get());
    EXPECT_EQ(direct.pixels, interop.pixels);
}

TEST(Presenters, HeadlessBenchLoopRunsWithEveryStageTimed) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    HeadlessEglSurface surface(640, 360, currentCudaDevice());
    SceneOptions options;
    auto scene = createScene("circles/snow", options);
    CudaStream stream;
    auto presenter = makePresenter(Backend::Cuda, PresentMode::Interop, stream.get(), 640, 360);
    FrameLoop loop(*scene, presenter.get(), &surface, stream.get());
    FrameControls controls;
    FrameTiming t{};
    for (int i = 0; i < 10; ++i) t = loop.runFrame(controls);
    EXPECT_GT(t.kernelMs, 0);
    EXPECT_GT(t.unmapMs, 0) << "texture interop: the copy into the texture's array";
    EXPECT_EQ(t.uploadMs, 0) << "texture interop: GL copies nothing";
    EXPECT_GT(t.presentMs, 0);
    EXPECT_GE(t.frameMs, t.kernelMs);
    EXPECT_GT(t.issueMs, 0);
    EXPECT_LE(t.issueMs, t.frameMs);
    HostImage drawn = surface.readPixels();
    EXPECT_EQ(drawn.pixels, presenter->readTexture().pixels) << "the blit must show the frame unchanged";
}

// One frame at a time, the kernel stage's start event is recorded before the host issues the frame's work, so
// the stage includes the host's issue time (FrameTiming::issueMs, printed apart by bench): on a light scene the
// two are of one size. The start event's own lag on an idle stream is a few microseconds: 0.02 ms of slack.
TEST(Presenters, OneFrameAtATimeTheKernelStageIncludesTheHostIssue) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto scene = createScene("circles/rgb", SceneOptions{});
    CudaStream stream;
    FrameLoop loop(*scene, nullptr, nullptr, stream.get());
    loop.setHeadlessSize(1024, 1024);
    FrameControls controls;
    std::vector<double> kernel, issue;
    for (int i = 0; i < 40; ++i) {
        const FrameTiming t = loop.runFrame(controls);
        if (i < 10) continue;
        kernel.push_back(t.kernelMs);
        issue.push_back(t.issueMs);
    }
    const double kernelP50 = summarize(kernel).p50, issueP50 = summarize(issue).p50;
    EXPECT_GT(issueP50, 0);
    EXPECT_GE(kernelP50, issueP50 - 0.02) << "kernel " << kernelP50 << " ms, issue " << issueP50 << " ms";
}

TEST(RaceMeter, SeesTheBadVariantAndNotTheGoodOne) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    auto scene = createScene("circles/rand10k", options);
    CudaStream stream;
    FrameLoop loop(*scene, nullptr, nullptr, stream.get());
    loop.setHeadlessSize(512, 512);
    FrameControls controls;
    controls.variant = scene->variantIndex("bad");
    loop.runFrame(controls);
    EXPECT_TRUE(loop.race().valid);
    EXPECT_GT(loop.race().differing, 0);
    EXPECT_LT(loop.race().percent(), 100.0);
    controls.view = RaceView::Diff;
    loop.runFrame(controls);
    HostImage overlay = loop.lastFramePixels();
    long magenta = 0;
    for (int y = 0; y < overlay.height; ++y)
        for (int x = 0; x < overlay.width; ++x)
            if (overlay.at(x, y)[0] == 255 && overlay.at(x, y)[1] == 0 && overlay.at(x, y)[2] == 255) ++magenta;
    EXPECT_GE(magenta, loop.race().differing / 2);
    controls.variant = scene->variantIndex("good");
    controls.view = RaceView::Plain;
    loop.runFrame(controls);
    EXPECT_FALSE(loop.race().valid);
}

TEST(DeviceMemory, OversizedRequestsAreRefusedWithTheNumbers) {
    RACELAB_REQUIRE_CUDA_DEVICE();
#ifdef RACELAB_HAVE_CUDA
    try {
        requireDeviceMemory(std::size_t(1) << 50, "a test buffer");
        FAIL() << "a 1 PiB request was accepted";
    } catch (const Error& e) {
        std::string text = e.what();
        EXPECT_NE(text.find("MiB of GPU memory"), std::string::npos) << text;
        EXPECT_NE(text.find("free"), std::string::npos) << text;
    }
#endif
}

// An animated scene, 7 frames: with 2 or 3 in flight (the PBO pair alternating, GL's copies not waited for)
// the last frame is the one drawn one frame at a time, byte for byte, in every presenter.
TEST(Presenters, FramesInFlightDrawWhatFramesOneAtATimeDraw) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const int width = 640, height = 360;
    HeadlessEglSurface surface(width, height, currentCudaDevice());
    const struct {
        PresentMode mode;
        const char* name;
    } presenters[] = {{PresentMode::InteropTexture, "interop-texture"}, {PresentMode::InteropPbo, "interop-pbo"},
                      {PresentMode::Staging, "staging"}};
    for (const char* scene : {"circles/snow", "planes/default"}) {
        const HostImage serial = presentFrames(PresentMode::Staging, "staging", width, height, 7, 1, scene);
        for (const auto& p : presenters)
            for (int inFlight : {2, 3}) {
                const HostImage pipelined = presentFrames(p.mode, p.name, width, height, 7, inFlight, scene);
                EXPECT_EQ(pipelined.pixels, serial.pixels) << scene << ", " << p.name << ", " << inFlight << " in flight";
            }
    }
}

// The late timer hands back nothing until the ring is full, then the oldest frame's time; each read waits
// for that frame only.
TEST(Presenters, FramesInFlightReportKernelTimesLate) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    HeadlessEglSurface surface(320, 200, currentCudaDevice());
    SceneOptions options;
    auto scene = createScene("circles/rand10k", options);
    CudaStream stream;
    auto presenter = makePresenter(Backend::Cuda, PresentMode::Interop, stream.get(), 320, 200);
    FrameLoop loop(*scene, presenter.get(), &surface, stream.get());
    FrameControls controls;
    loop.setFramesInFlight(3);
    EXPECT_EQ(loop.runFrame(controls).kernelMs, 0.0) << "frame 0: nothing finished to read yet";
    EXPECT_EQ(loop.runFrame(controls).kernelMs, 0.0) << "frame 1: the ring of 3 is not full";
    EXPECT_GT(loop.runFrame(controls).kernelMs, 0.0) << "frame 2: frame 0's kernels";
    loop.setFramesInFlight(1);
    EXPECT_GT(loop.runFrame(controls).kernelMs, 0.0) << "one at a time: this frame's kernels";
}
