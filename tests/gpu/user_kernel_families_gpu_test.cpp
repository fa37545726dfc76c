// User kernels of the histogram, planes, mesh and fourier families on the GPU: each family's correct example,
// run as the scene's user-kernel variant (compiled by NVRTC, run in the kernel worker, drawn by the scene),
// passes the family's check against the CPU reference under the family's own CheckRule, over more than one
// frame where the scene keeps state; each racy starter compiles, loads and draws frames (whether its race
// shows in a given frame is up to the GPU, so only that it ran is asserted).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frame/offline_frame.hpp"
#include "app/scene_setup.hpp"
#include "core/asset_paths.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "user_kernel_test_support.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/user_kernel.hpp"

using namespace racelab;

namespace {

// `scene` on the cuda backend with the example `asset` (under the assets, e.g. "kernels/histogram/atomic.cu")
// as its user-kernel variant, compiled and loaded (prepareScene throws, naming why, when it is not), at frame
// `frame` with `params` set.
PreparedScene withExample(const std::string& scene, const std::string& asset, const std::string& size, long frame = 0,
                          const std::vector<std::string>& params = {}, int count = 0) {
    SceneSelection selection;
    selection.scene = scene;
    selection.backend = "cuda";
    selection.size = size;
    selection.frame = frame;
    selection.params = params;
    selection.count = count;
    selection.kernel = findAsset(asset);
    selection.kernelTimeout = 20.0;  // generous: a first frame may load the module
    return prepareScene(selection, size);
}

void expectKernelRan(const PreparedScene& p, long frames) {
    const userkernel::UserKernelStatus& s = p.kernel->status();
    EXPECT_EQ(s.state, userkernel::KernelState::Running) << userkernel::kernelStateName(s.state) << ": " << s.message;
    EXPECT_EQ(s.frames, frames) << "frames the worker ran";
}

// The user kernel's frame of the scene's current frame against the CPU reference of the same frame, judged by
// the scene's CheckRule (as `racelab check` judges it).
void expectPassesCheck(PreparedScene& p, cudaStream_t stream) {
    Scene& scene = *p.scene;
    const HostImage gpu = renderOffline(scene, p.variant, p.size, stream);
    scene.syncStateToHost(stream);
    HostImage cpu(p.size.width, p.size.height);
    scene.renderReference(cpu, true);
    const CheckRule rule = scene.checkRule();
    const ImageComparison r = compareImages(gpu, cpu, rule.channelTolerance, nullptr, scene.referenceAmbiguity());
    EXPECT_LE(r.differingPixels, rule.maxDifferingPixels)
        << scene.name() << " " << scene.variants()[static_cast<std::size_t>(p.variant)].name << ": " << r.differingPixels
        << " of " << r.totalPixels << " pixels differ (largest difference " << r.maxChannelDifference << "/255); "
        << rule.description;
}

// What UserKernel::drawPlaceholder fills a frame with when no kernel ran: every byte 0x30.
bool isPlaceholder(const HostImage& image) {
    for (std::uint8_t byte : image.pixels)
        if (byte != 0x30) return false;
    return true;
}

// Runs the racy starter for `frames` frames (advancing the scene between them): it must compile, load and
// draw each one.
// The example passes the check on its frame and again one animation step later (new inputs for the kernel).
void expectPassesBeforeAndAfterAStep(const std::string& scene, const std::string& asset, const std::string& size,
                                     long frame, const std::vector<std::string>& params) {
    PreparedScene p = withExample(scene, asset, size, frame, params);
    CudaStream stream;
    expectPassesCheck(p, stream.get());
    p.scene->advance(kFixedStepSeconds, stream.get());
    expectPassesCheck(p, stream.get());
    expectKernelRan(p, 2);
}

void expectStarterRuns(const std::string& scene, const std::string& family, const std::string& size, int frames) {
    PreparedScene p = withExample(scene, "kernels/" + family + "/starter.cu", size);
    CudaStream stream;
    for (int f = 0; f < frames; ++f) {
        const HostImage image = renderOffline(*p.scene, p.variant, p.size, stream.get());
        EXPECT_FALSE(isPlaceholder(image)) << "frame " << f << " shows the placeholder: the kernel did not run";
        p.scene->advance(kFixedStepSeconds, stream.get());
    }
    expectKernelRan(p, frames);
}

}  // namespace

// ---- histogram: count N bin indices into B counters; racelab draws the bars.

TEST(UserKernelHistogram, CorrectExamplesDrawTheReferenceChart) {
    REQUIRE_CUDA_AND_NVRTC();
    struct Case {
        std::string scene, asset;
        std::vector<std::string> params;
        int count;
    };
    const std::vector<Case> cases{
        {"histogram/random", "kernels/histogram/atomic.cu", {}, 0},
        {"histogram/skewed", "kernels/histogram/atomic.cu", {}, 1000003},
        {"histogram/skewed", "kernels/histogram/shared_bins.cu", {}, 0},
        {"histogram/random", "kernels/histogram/shared_bins.cu", {"bins=4096"}, 1000003},  // the most bins shared memory holds
        {"histogram/skewed", "kernels/histogram/shared_bins.cu", {"bins=2"}, 0},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.scene + " " + c.asset + (c.params.empty() ? "" : " " + c.params[0]));
        PreparedScene p = withExample(c.scene, c.asset, "640x200", 0, c.params, c.count);
        CudaStream stream;
        expectPassesCheck(p, stream.get());
        expectPassesCheck(p, stream.get());  // the bins are zeroed before every frame: the second counts afresh
        expectKernelRan(p, 2);
    }
}

TEST(UserKernelHistogram, RacyStarterRuns) {
    REQUIRE_CUDA_AND_NVRTC();
    expectStarterRuns("histogram/skewed", "histogram", "640x200", 3);
}

// ---- planes: composite the planes in order into a float4 result; racelab stores it as the variants do.

TEST(UserKernelPlanes, CorrectExampleCompositesAsTheReference) {
    REQUIRE_CUDA_AND_NVRTC();
    struct Case {
        std::string size;
        std::vector<std::string> params;
    };
    // 320 wide scrolls by whole 4-pixel steps (the good variant's vector loads), 322 by single pixels; both
    // blend modes.
    const std::vector<Case> cases{{"320x240", {}}, {"322x240", {}}, {"320x240", {"blend=0", "alpha=0.3"}}};
    for (const Case& c : cases) {
        SCOPED_TRACE(c.size + (c.params.empty() ? "" : " " + c.params[0]));
        expectPassesBeforeAndAfterAStep("planes/default", "kernels/planes/per_pixel.cu", c.size, 7, c.params);  // they scroll
    }
}

TEST(UserKernelPlanes, RacyStarterRuns) {
    REQUIRE_CUDA_AND_NVRTC();
    expectStarterRuns("planes/default", "planes", "320x240", 3);
}

// ---- mesh: a hit mask of the camera's primary rays; racelab shades it as the mask view.

TEST(UserKernelMesh, CorrectExampleCastsTheReferenceMask) {
    REQUIRE_CUDA_AND_NVRTC();
    struct Case {
        std::string scene;
        std::vector<std::string> params;
    };
    const std::vector<Case> cases{{"mesh/torus", {}}, {"mesh/icosphere", {}}, {"mesh/torus", {"visible=1"}}};
    for (const Case& c : cases) {
        SCOPED_TRACE(c.scene + (c.params.empty() ? "" : " " + c.params[0]));
        expectPassesBeforeAndAfterAStep(c.scene, "kernels/mesh/tiled.cu", "320x240", 5, c.params);  // the camera orbits
    }
}

TEST(UserKernelMesh, RacyStarterRuns) {
    REQUIRE_CUDA_AND_NVRTC();
    expectStarterRuns("mesh/torus", "mesh", "320x240", 3);
}

// ---- fourier: the pen's trail, kept by racelab from frame to frame; racelab draws circles and arms over it.

TEST(UserKernelFourier, CorrectExampleDrawsTheReferenceTrailFrameAfterFrame) {
    REQUIRE_CUDA_AND_NVRTC();
    // Frame 60: the first user frame draws 60 segments at once; then one new segment a frame on the kept trail.
    PreparedScene p = withExample("fourier/text", "kernels/fourier/atomic_max.cu", "400x300", 60);
    CudaStream stream;
    for (int f = 0; f < 3; ++f) {
        SCOPED_TRACE("frame " + std::to_string(60 + f));
        expectPassesCheck(p, stream.get());
        p.scene->advance(kFixedStepSeconds, stream.get());
    }
    // A cleared trail starts again from the frame it was cleared at, as the reference's does.
    p.scene->setParameter("trail", "1");
    expectPassesCheck(p, stream.get());
    p.scene->advance(kFixedStepSeconds, stream.get());
    expectPassesCheck(p, stream.get());
    expectKernelRan(p, 5);
}

TEST(UserKernelFourier, RacyStarterRuns) {
    REQUIRE_CUDA_AND_NVRTC();
    expectStarterRuns("fourier/text", "fourier", "400x300", 3);
}
