// User kernels on the GPU: the circles examples against the CPU reference by the course's rule, the starter's
// race, and one session that lives through every kind of broken kernel (a compile error, a fault, an endless
// loop, a write one row past the image, a wrong signature) and then draws the right frame.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "frame/offline_frame.hpp"
#include "frame/race_meter.hpp"
#include "frame/race_view.hpp"
#include "core/asset_paths.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "user_kernel_test_support.hpp"
#include "save_to_frame.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_frame.hpp"
#endif

namespace fs = std::filesystem;
using namespace racelab;
using namespace racelab::userkernel;

namespace {

long frameFor(const std::string& scene) { return scene == "circles/snow" ? 120 : 30; }

std::vector<std::string> circleScenes() {
    std::vector<std::string> names;
    for (const auto& s : listScenes())
        if (s.name.rfind("circles/", 0) == 0) names.push_back(s.name);
    return names;
}

}  // namespace

TEST(UserKernelGpu, TheTiledExamplePassesTheCourseRuleOnEveryCs149Scene) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string tiled = findAsset("kernels/circles/tiled.cu");
    for (const std::string& scene : circleScenes()) {
        const gputest::KernelRun run = gputest::runUserKernel(scene, tiled, "1024x1024", frameFor(scene));
        EXPECT_EQ(run.status.state, KernelState::Running) << scene << ": " << run.status.message;
        EXPECT_LE(run.result.differingPixels, 5) << scene << ": largest channel difference " << run.result.maxChannelDifference;
    }
}

TEST(UserKernelGpu, ThePerPixelExamplePassesOnTheSmallerScenes) {
    REQUIRE_CUDA_AND_NVRTC();
    const std::string perPixel = findAsset("kernels/circles/per_pixel.cu");
    for (const char* scene : {"circles/rgb", "circles/pattern", "circles/rand10k", "circles/snow"}) {
        const gputest::KernelRun run = gputest::runUserKernel(scene, perPixel, "1000x600", frameFor(scene));
        EXPECT_LE(run.result.differingPixels, 5) << scene << ": largest channel difference " << run.result.maxChannelDifference;
    }
}

TEST(UserKernelGpu, TheStarterRunsAndFailsTheCourseRuleOnRand10k) {
    REQUIRE_CUDA_AND_NVRTC();
    const gputest::KernelRun run = gputest::runUserKernel("circles/rand10k", findAsset("kernels/circles/starter.cu"), "1024x1024", 0);
    EXPECT_EQ(run.status.state, KernelState::Running) << run.status.message;
    EXPECT_EQ(run.status.frames, 1);
    // One thread per circle blends overlapping circles in whatever order the threads run, and loses updates:
    // far more than the rule's 5 pixels differ.
    EXPECT_GT(run.result.differingPixels, 1000);
}

TEST(UserKernelGpu, OneSessionSurvivesEveryBrokenKernelThenDrawsTheRightFrame) {
    REQUIRE_CUDA_AND_NVRTC();
    const fs::path folder = fs::temp_directory_path() / ("racelab_live_" + std::to_string(getpid()));
    fs::create_directories(folder);
    const std::string file = (folder / "mine.cu").string();
    auto save = [&](const std::string& body) {
        // A new file renamed over the old one, as editors save.
        std::ofstream(file + ".new") << "#include <racelab/circles.cuh>\n" << body;
        fs::rename(file + ".new", file);
    };
    save("__global__ void k() {}\nRACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n");

    SceneOptions options;
    options.backend = Backend::Cuda;
    const WorkloadFamily& family = *findScene("circles/rgb").family;
    UserKernelOptions kernelOptions;
    kernelOptions.timeoutSeconds = 1.0;
    auto kernel = std::make_shared<UserKernel>(file, family.name, *family.kernelContract, kernelOptions);
    auto scene = withUserKernel(createScene("circles/rgb", options), kernel);
    const int variant = scene->variantIndex("mine");
    CudaStream stream;
    // Renders frames until a build newer than `builds` has been taken (the watcher polls every 50 ms).
    auto frameAfterSave = [&](int builds) {
        HostImage image;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        do {
            image = renderOffline(*scene, variant, {64, 48}, stream.get());
            if (kernel->status().builds > builds) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        } while (std::chrono::steady_clock::now() < deadline);
        // One more frame: a fault shows on the frame after the build was swapped in at the latest.
        return renderOffline(*scene, variant, {64, 48}, stream.get());
    };
    frameAfterSave(0);
    ASSERT_EQ(kernel->status().state, KernelState::Running) << kernel->status().message;

    int builds = kernel->status().builds;
    save("__global__ void k() {\n    undefinedName = 1;\n}\nRACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n");
    frameAfterSave(builds);
    EXPECT_EQ(kernel->status().state, KernelState::CompileFailed);
    EXPECT_NE(kernel->status().message.find(file + ":3:5: error: identifier \"undefinedName\" is undefined"), std::string::npos)
        << kernel->status().message;
    EXPECT_TRUE(kernel->status().runningBuild);  // the last good build keeps drawing

    builds = kernel->status().builds;
    save("__global__ void k() { *(volatile int*)(0x10) = 1; }\nRACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n");
    frameAfterSave(builds);
    EXPECT_EQ(kernel->status().state, KernelState::Faulted);
    EXPECT_NE(kernel->status().message.find("mine"), std::string::npos) << kernel->status().message;
    EXPECT_NE(kernel->status().message.find("fault"), std::string::npos) << kernel->status().message;

    builds = kernel->status().builds;
    // clock64() reads a register the compiler must read again each time: the loop is never optimized away.
    save("__global__ void k() { while (clock64() >= 0) {} }\n"
         "RACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n");
    const auto hangStart = std::chrono::steady_clock::now();
    frameAfterSave(builds);
    EXPECT_EQ(kernel->status().state, KernelState::Faulted);
    EXPECT_NE(kernel->status().message.find("did not finish a frame (--kernel-timeout 1)"), std::string::npos)
        << kernel->status().message;
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - hangStart).count(), 20.0);

    builds = kernel->status().builds;
    // Writes the row just above the image: every x of row imageHeight.
    save("__global__ void k() {\n"
         "    int x = blockIdx.x * blockDim.x + threadIdx.x;\n"
         "    int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;\n"
         "    if (x < w) cuConstRendererParams.imageData[4 * (h * w + x)] = 1.f;\n"
         "}\nRACELAB_LAUNCHES(RACELAB_PER_PIXEL(k, 256, 1));\n");
    frameAfterSave(builds);
    EXPECT_EQ(kernel->status().state, KernelState::ContractBroken);
    EXPECT_NE(kernel->status().message.find("wrote past the end of imageData: 256 of the"), std::string::npos)
        << kernel->status().message;  // 64 floats of 4 bytes each

    builds = kernel->status().builds;
    save("__global__ void k(float4* image) { (void)image; }\nRACELAB_LAUNCHES(RACELAB_PER_ITEM(k, RACELAB_CIRCLES, 128));\n");
    frameAfterSave(builds);
    EXPECT_EQ(kernel->status().state, KernelState::CompileFailed);
    EXPECT_NE(kernel->status().message.find("this kernel has parameters: give their arguments with RACELAB_ARGS"), std::string::npos)
        << kernel->status().message;
    EXPECT_NE(kernel->status().message.find(file + ":3: note"), std::string::npos) << kernel->status().message;

    // And a correct kernel (the per-pixel example's text) draws the reference frame.
    std::ifstream example(findAsset("kernels/circles/per_pixel.cu"));
    const std::string text((std::istreambuf_iterator<char>(example)), {});
    builds = kernel->status().builds;
    std::ofstream(file + ".new") << text;
    fs::rename(file + ".new", file);
    const HostImage drawn = frameAfterSave(builds);
    ASSERT_EQ(kernel->status().state, KernelState::Running) << kernel->status().message;
    scene->syncStateToHost(stream.get());
    HostImage cpu(64, 48);
    scene->renderReference(cpu, true);
    EXPECT_LE(compareImages(drawn, cpu, scene->checkRule().channelTolerance).differingPixels, 5);
    fs::remove_all(folder);
}

TEST(UserKernelGpu, ASaveReachesTheFrameWithinSecondsAndAnUnchangedOneComesFromTheCache) {
    // Save -> the first frame drawn by the new build, by the clock, as the viewer lives it: the watcher's poll,
    // the compile on racelab's compiler thread, the load into the worker, one frame. The times are printed
    // for docs/BENCHMARKS.md ("User kernels": the targets are 0.5 s for the starter, 1 s for the tiled example
    // after its first build, 20 ms for a cached reload); the test holds them to a bound far above, so that it
    // checks that each save arrives, not the machine's speed.
    REQUIRE_CUDA_AND_NVRTC();
    const fs::path folder = fs::temp_directory_path() / ("racelab_save_" + std::to_string(getpid()));
    fs::remove_all(folder);
    fs::create_directories(folder);
    const WorkloadFamily& family = *findScene("circles/rand10k").family;
    for (const char* asset : {"kernels/circles/starter.cu", "kernels/circles/tiled.cu"}) {
        std::ifstream example(findAsset(asset));
        const std::string text((std::istreambuf_iterator<char>(example)), {});
        const std::string file = (folder / fs::path(asset).filename()).string();
        // The cache's folder is empty: the first build compiles.
        gputest::SaveToFrame editor(file, text, "circles/rand10k", (folder / "cache").string());
        const double first = editor.secondsToNewFrame(60);
        ASSERT_EQ(editor.status().state, KernelState::Running) << editor.status().message;
        const double firstCompileMs = editor.status().compileMs;

        editor.save(text + "// an edit\n");  // new text: compiled again (for the tiled example, with NVRTC's PCH warm)
        const double edited = editor.secondsToNewFrame(60);
        const double editCompileMs = editor.status().compileMs;
        EXPECT_FALSE(editor.status().fromCache);

        editor.save(text);  // the first text again: the disk cache answers
        const double cached = editor.secondsToNewFrame(60);
        EXPECT_TRUE(editor.status().fromCache);
        std::printf("save to first frame, %s at 1024x1024: first build %.3f s (compile %.0f ms); an edit %.3f s "
                    "(compile %.0f ms); the unchanged text again %.3f s (from the cache)\n",
                    asset, first, firstCompileMs, edited, editCompileMs, cached);
        EXPECT_LT(edited, 10.0) << asset;
        EXPECT_LT(cached, 10.0) << asset;
        EXPECT_EQ(editor.status().state, KernelState::Running) << editor.status().message;
    }
    fs::remove_all(folder);
}

// A kernel not built yet draws a placeholder, and the race meter and the views count no such frame: the reading
// says why ("compiling (N s)") instead of a percentage, and the heat view adds nothing to its history. Once the
// build runs, the same views measure again.
TEST(UserKernelGpu, TheRaceMeterCountsNoFrameAKernelStillCompilingDidNotDraw) {
    REQUIRE_CUDA_AND_NVRTC();
#ifdef RACELAB_HAVE_CUDA
    const fs::path folder = fs::temp_directory_path() / ("racelab_not_drawn_" + std::to_string(getpid()));
    fs::create_directories(folder / "cache");
    const std::string file = (folder / "mine.cu").string();
    fs::copy_file(findAsset("kernels/circles/starter.cu"), file);
    SceneOptions options;
    options.backend = Backend::Cuda;
    const WorkloadFamily& family = *findScene("circles/rand10k").family;
    UserKernelOptions kernelOptions;
    kernelOptions.cacheFolder = (folder / "cache").string();  // an empty cache: the first frames come before the build
    auto kernel = std::make_shared<UserKernel>(file, family.name, *family.kernelContract, kernelOptions);
    auto scene = withUserKernel(createScene("circles/rand10k", options), kernel);
    const int mine = scene->variantIndex("mine");
    CudaStream stream;
    DeviceFrame frame;
    frame.resize(160, 120);
    RaceMeter meter;
    FrameControls controls;
    controls.variant = mine;
    for (RaceView view : {RaceView::Heat, RaceView::Side, RaceView::Diff}) {
        controls.view = view;
        const RaceReading r = meter.renderView(*scene, frame.target(stream.get()), controls);
        ASSERT_EQ(kernel->status().state, KernelState::Compiling) << "the build came before the first frames";
        EXPECT_FALSE(r.valid) << raceViewName(view);
        EXPECT_EQ(r.notDrawn.rfind("compiling (", 0), 0u) << r.notDrawn;
        EXPECT_EQ(r.heatFrames, 0);
    }
    scene->render(frame.target(stream.get()), mine);
    EXPECT_FALSE(meter.measure(*scene, frame.target(stream.get()), mine).valid);
    ASSERT_TRUE(kernel->waitUntilReady(60)) << kernel->status().message;
    controls.view = RaceView::Heat;
    const RaceReading drawn = meter.renderView(*scene, frame.target(stream.get()), controls);
    EXPECT_TRUE(drawn.valid);
    EXPECT_TRUE(drawn.notDrawn.empty());
    EXPECT_EQ(drawn.heatFrames, 1) << "the history starts with the first frame drawn";
    EXPECT_GT(drawn.differing, 0) << "the starter races on rand10k";
    fs::remove_all(folder);
#endif
}
