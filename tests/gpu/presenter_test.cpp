// On an EGL device context: interop and staging presenters give identical pixels (and equal the plain
// device frame), and the race meter sees the bad variant's races.
#include <gtest/gtest.h>

#include "app/frame_loop.hpp"
#include "app/offline_frame.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "gpu_test_support.hpp"
#include "present/headless_egl.hpp"
#include "present/presenter.hpp"
#include "scenes/scene_registry.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#endif

using namespace racelab;

namespace {

HostImage presentOneFrame(PresentMode mode, const std::string& expectedName, int width, int height) {
    SceneOptions options;
    auto scene = createScene("circles/rand10k", options);
    CudaStream stream;
    auto presenter = makePresenter(Backend::Cuda, mode, stream.get(), width, height);
    EXPECT_EQ(presenter->name(), expectedName);
    HeadlessEglSurface* noSurface = nullptr;
    FrameLoop loop(*scene, presenter.get(), noSurface, stream.get());
    FrameControls controls;
    loop.runFrame(controls);
    return presenter->readTexture();
}

}  // namespace

TEST(Presenters, InteropAndStagingGiveIdenticalPixels) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    const int width = 1000, height = 600;
    HeadlessEglSurface surface(width, height, currentCudaDevice());
    HostImage interop = presentOneFrame(PresentMode::Interop, "interop", width, height);
    HostImage staging = presentOneFrame(PresentMode::Staging, "staging", width, height);
    ASSERT_EQ(interop.width, width);
    EXPECT_EQ(interop.pixels, staging.pixels);

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
    EXPECT_GT(t.uploadMs, 0);
    EXPECT_GT(t.presentMs, 0);
    EXPECT_GE(t.frameMs, t.kernelMs);
    HostImage drawn = surface.readPixels();
    EXPECT_EQ(drawn.pixels, presenter->readTexture().pixels) << "the blit must show the frame unchanged";
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
