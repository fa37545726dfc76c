// The launch layer on the GPU: bench's per-step timing names the steps of a frame and accounts for its kernel
// time, and every family's good variant renders a frame with no host wait (the condition for a frame to be
// one CUDA graph: frame_graph_gpu_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "app/bench_kernels.hpp"
#include "frame/frame_loop.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/kernel_timing.hpp"
#include "gpu_test_support.hpp"
#include "scenes/scene_registry.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_frame.hpp"
#endif

using namespace racelab;

TEST(LaunchLayer, PerStepTimingNamesTheStepsAndAccountsForTheKernelStage) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    auto scene = createScene("circles/rand10k", options);
    CudaStream stream;
    FrameLoop loop(*scene, nullptr, nullptr, stream.get());
    loop.setHeadlessSize(1024, 1024);
    FrameControls controls;
    controls.raceMeter = false;
    const KernelTable table = timeKernels(loop, controls, 30, true);
    EXPECT_EQ(table.frames, 30);
    double sum = 0;
    bool render = false;
    for (const KernelStat& s : table.steps) {
        sum += s.p50Us;
        render = render || s.name == "circles: render tiles";
        EXPECT_GT(s.callsPerFrame, 0) << s.name;
        EXPECT_LE(s.p50Us, s.p95Us) << s.name;
    }
    EXPECT_TRUE(render) << "no step named \"circles: render tiles\"";
    // The steps run one after another on one stream: their medians add up to most of the frame's kernel stage
    // (launch gaps and the events' own cost are the rest) and never to much more.
    EXPECT_GT(sum, .5 * 1000.0 * table.kernelStageP50Ms);
    EXPECT_LT(sum, 1.25 * 1000.0 * table.kernelStageP50Ms);
    EXPECT_FALSE(KernelTiming::instance().enabled());
}

TEST(LaunchLayer, GoodVariantsRenderWithoutWaitingForTheHost) {
    RACELAB_REQUIRE_CUDA_DEVICE();
#ifdef RACELAB_HAVE_CUDA
    CudaStream stream;
    for (const SceneListing& l : gputest::lightScenes()) {
        auto scene = gputest::cudaSceneOrNull(l.name);
        DeviceFrame frame;
        frame.resize(640, 360);
        try {
            if (scene) scene->render(frame.target(stream.get()), 0);  // set-up (uploads, builds; a fetched mesh is read here)
        } catch (const MissingInputError&) {
            scene.reset();
        }
        if (!scene) continue;  // a mesh not fetched on this machine
        long most = 0;
        for (int f = 0; f < 4; ++f) {
            if (f > 0 && scene->animated()) scene->advance(kFixedStepSeconds, stream.get());
            scene->render(frame.target(stream.get()), 0);  // the first frame may set up (uploads, builds)
            const long before = KernelTiming::instance().hostSyncs();
            if (scene->animated()) scene->advance(kFixedStepSeconds, stream.get());
            scene->render(frame.target(stream.get()), 0);
            most = std::max(most, KernelTiming::instance().hostSyncs() - before);
        }
        stream.synchronize();
        EXPECT_EQ(most, 0) << l.name << ": host waits in one frame";
        std::printf("  %-24s host waits per frame: %ld\n", l.name.c_str(), most);
    }
#endif
}
