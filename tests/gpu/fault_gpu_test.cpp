// GPU faults on demand (core/fault_injection.hpp): an out-of-memory refusal at any GPU allocation of any
// workload ends in racelab's one-line error -- never a crash or a CUDA error from half-built state -- and
// the same scene works again once memory is there; a refused CUDA-GL registration ends in the staging
// presenter.
#include <gtest/gtest.h>

#include "frame/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "core/errors.hpp"
#include "core/fault_injection.hpp"
#include "core/gpu_timing.hpp"
#include "gpu_test_support.hpp"
#include "present/headless_egl.hpp"
#include "present/presenter.hpp"

using namespace racelab;

namespace {

// Builds the scene and draws three frames on the GPU.
void buildAndDraw(const std::string& scene) {
    SceneSelection selection;
    selection.scene = scene;
    selection.backend = "cuda";
    selection.count = scene == "fourier/shapes" ? 80 : 0;
    PreparedScene prepared = prepareScene(selection, "320x200");
    CudaStream stream;
    for (int frame = 0; frame < 3; ++frame) {
        renderOffline(*prepared.scene, 0, {320, 200}, stream.get());
        prepared.scene->advance(kFixedStepSeconds, stream.get());
    }
}

}  // namespace

TEST(GpuFaults, OutOfMemoryAtAnyAllocationIsAClearErrorAndRecoverable) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const char* scene : {"circles/rand10k", "circles/snow", "planes/default", "mesh/torus", "fourier/shapes"}) {
        int refused = 0;
        for (int every = 1; every <= 12; ++every) {
            faultInjection().failGpuAllocationEvery = every;
            faultInjection().gpuAllocations = 0;
            try {
                buildAndDraw(scene);
            } catch (const Error& e) {
                ++refused;
                EXPECT_NE(std::string(e.what()).find("simulated out of memory"), std::string::npos)
                    << scene << ", every " << every << ": " << e.what();
            } catch (const std::exception& e) {
                ADD_FAILURE() << scene << ", every " << every << ": not a racelab error: " << e.what();
            }
        }
        faultInjection().failGpuAllocationEvery = 0;
        EXPECT_GT(refused, 0) << scene << " never reached a refused allocation";
        EXPECT_NO_THROW(buildAndDraw(scene)) << scene << " does not work again after the refusals";
    }
}

TEST(GpuFaults, RefusedInteropRegistrationFallsBackToStaging) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    HeadlessEglSurface surface(320, 200, currentCudaDevice());
    CudaStream stream;
    faultInjection().failInterop = true;
    auto presenter = makePresenter(Backend::Cuda, PresentMode::Auto, stream.get(), 320, 200);
    EXPECT_EQ(presenter->name(), "staging");
    EXPECT_NE(presenter->reason().find("simulated"), std::string::npos) << presenter->reason();
    for (PresentMode mode : {PresentMode::Interop, PresentMode::InteropTexture, PresentMode::InteropPbo})
        EXPECT_THROW(makePresenter(Backend::Cuda, mode, stream.get(), 320, 200), Error)
            << "an explicit --present interop must fail loudly, not fall back";
    faultInjection().failInterop = false;
    EXPECT_EQ(makePresenter(Backend::Cuda, PresentMode::Auto, stream.get(), 320, 200)->name(), "interop-texture");
}
