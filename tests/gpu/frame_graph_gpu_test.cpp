// Frames as CUDA graphs (core/frame_graph.hpp): every light preset's good variant runs as a graph from its
// second frame on and draws, frame after frame, exactly what the same scene draws launch by launch; a frame
// that waits for the host inside (a racy variant that reads a count back) still draws whole, directly. And
// the circle renderer's device-side pair count: a pair buffer too small for the frame (as when an animated
// scene outgrows it) makes the renderer walk every circle itself, with the same pixels.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "frame/frame_loop.hpp"
#include "core/fault_injection.hpp"
#include "core/frame_graph.hpp"
#include "core/gpu_timing.hpp"
#include "core/kernel_timing.hpp"
#include "core/scoped_enabled.hpp"
#include "gpu_test_support.hpp"

using namespace racelab;

namespace {

struct LoopRun {
    std::unique_ptr<Scene> scene;
    CudaStream stream;
    std::unique_ptr<FrameLoop> loop;
};

// The scene on a fresh loop drawing 640x360 frames into device memory; null when its input is missing here.
std::unique_ptr<LoopRun> start(const std::string& name, bool graph) {
    auto run = std::make_unique<LoopRun>();
    run->scene = gputest::cudaSceneOrNull(name);
    if (!run->scene) return nullptr;
    run->loop = std::make_unique<FrameLoop>(*run->scene, nullptr, nullptr, run->stream.get());
    run->loop->setHeadlessSize(640, 360);
    run->loop->graph().setEnabled(graph);
    return run;
}

FrameControls goodFrames() {
    FrameControls c;
    c.variant = 0;
    c.raceMeter = false;
    return c;
}

}  // namespace

TEST(FrameGraph, GoodVariantsRunAsGraphsAndDrawTheSameFramesAsLaunchByLaunch) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const SceneListing& l : gputest::lightScenes()) {
        SCOPED_TRACE(l.name);
        std::unique_ptr<LoopRun> graphed, direct;
        try {
            graphed = start(l.name, true);
            direct = start(l.name, false);
            if (!graphed || !direct) continue;
            for (int f = 0; f < 8; ++f) {
                graphed->loop->runFrame(goodFrames());
                direct->loop->runFrame(goodFrames());
                // A new scene's first frame runs directly (it sizes buffers); every later one is a graph.
                if (f >= 1) EXPECT_TRUE(graphed->loop->graph().lastRunWasGraph()) << "frame " << f;
                EXPECT_FALSE(direct->loop->graph().lastRunWasGraph());
                const HostImage a = graphed->loop->lastFramePixels(), b = direct->loop->lastFramePixels();
                ASSERT_EQ(a.pixels.size(), b.pixels.size());
                EXPECT_TRUE(a.pixels == b.pixels) << "frame " << f << " differs from the frame drawn launch by launch";
            }
        } catch (const MissingInputError&) {
            continue;  // a fetched mesh not on this machine (read on the first frame)
        }
    }
}

TEST(FrameGraph, AFrameThatWaitsForTheHostRunsWholeAndDirectly) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    // The circle renderer's unordered variant reads its pair count back every frame; with the graph on, its
    // capture ends at that wait, what was captured runs, and the rest of the frame runs directly.
    auto run = start("circles/rand10k", true);
    ASSERT_TRUE(run);
    FrameControls c = goodFrames();
    c.variant = -1;
    for (std::size_t v = 0; v < run->scene->variants().size(); ++v)
        if (run->scene->variants()[v].name == "unordered") c.variant = static_cast<int>(v);
    ASSERT_GE(c.variant, 0) << "no variant named unordered";
    for (int f = 0; f < 4; ++f) {
        run->loop->runFrame(c);
        EXPECT_FALSE(run->loop->graph().lastRunWasGraph());
    }
    // Drawn whole: an unordered frame of rand10k has every pixel within the variant's race of the good one,
    // which the race meter's own tests hold; here it is enough that every pixel was written (alpha 255).
    const HostImage image = run->loop->lastFramePixels();
    long unwritten = 0;
    for (std::size_t i = 3; i < image.pixels.size(); i += 4) unwritten += image.pixels[i] != 255;
    EXPECT_EQ(unwritten, 0);
    // And the good variant afterwards is a graph again from its second frame.
    c.variant = 0;
    run->loop->runFrame(c);
    run->loop->runFrame(c);
    EXPECT_TRUE(run->loop->graph().lastRunWasGraph());
}

TEST(CirclePairs, APairBufferTooSmallForTheFrameDrawsTheSamePixels) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    // rand10k: binned (forced: it would be listed per coarse tile) in one pass into coarse tiles, so the starved
    // frames, walking every circle with the render tile's own test, also check the coarse lists exactly;
    // rand100k: two passes (the second culled against the first's opaque tiles); snow: animated radii, and 40
    // frames, since its flakes start above the frame (its first frames have next to no pairs). The stats line
    // counts the starved frames, and no sized one.
    constexpr unsigned kStarved = 16;  // far below the pairs of the frames compared
    for (const char* name : {"circles/rand10k", "circles/rand100k", "circles/snow"}) {
        SCOPED_TRACE(name);
        const bool snow = std::string(name) == "circles/snow";
        const int frames = snow ? 40 : 3;
        faultInjection().circlesPath = "binned";
        auto sized = start(name, false);
        faultInjection().circlePairCapacity = kStarved;
        auto starved = start(name, false);
        for (int f = 0; f < frames; ++f) {
            faultInjection().circlePairCapacity = 0;
            sized->loop->runFrame(goodFrames());
            faultInjection().circlePairCapacity = kStarved;
            starved->loop->runFrame(goodFrames());
            faultInjection().circlePairCapacity = 0;
            const HostImage a = sized->loop->lastFramePixels(), b = starved->loop->lastFramePixels();
            EXPECT_TRUE(a.pixels == b.pixels) << "frame " << f;
        }
        faultInjection().circlePairCapacity = 0;
        faultInjection().circlesPath.clear();
        const std::string sizedStats = sized->scene->statsLine(), starvedStats = starved->scene->statsLine();
        EXPECT_NE(sizedStats.find("good binning"), std::string::npos) << sizedStats;
        EXPECT_EQ(sizedStats.find("outgrew the pair buffer"), std::string::npos) << sizedStats;
        const std::string outgrew = snow ? "outgrew the pair buffer" : "3 frames outgrew the pair buffer";
        EXPECT_NE(starvedStats.find(outgrew), std::string::npos) << starvedStats;
    }
}

// Snow cannot run two passes profitably, so the renderer tries them again now and then (after 120 frames, then
// twice as long each time). Those tries used to start from the pair capacities of its first frames, when its
// flakes were still mostly above the frame: a try's pass then walked every circle per tile (6 ms frames at
// frames 120 and 360 of every bench run). From frame 100 on, the tries at 120 and 360 included, no frame may
// outgrow its pair buffer. (One near frame 21 does, as the pairs first pass the smallest capacity while frames
// are in flight: capacityFor, kernels/circles/pair_capacity.cu.)
TEST(CirclePairs, SnowsTriesOfTwoPassesFitTheirPairBuffers) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto run = start("circles/snow", true);
    ASSERT_TRUE(run);
    run->loop->setHeadlessSize(1024, 1024);  // the size of the bench runs that showed it
    const auto outgrown = [&] {
        const std::string stats = run->scene->statsLine();
        const std::size_t at = stats.find(" outgrew the pair buffer");
        if (at == std::string::npos) return 0L;
        const std::size_t from = stats.rfind("; ", at);
        return std::stol(stats.substr(from + 2, at - from - 2));  // "N frame(s)"
    };
    for (int f = 0; f < 100; ++f) run->loop->runFrame(goodFrames());
    run->stream.synchronize();
    const long before = outgrown();
    for (int f = 100; f < 400; ++f) run->loop->runFrame(goodFrames());
    run->stream.synchronize();
    EXPECT_EQ(outgrown(), before) << run->scene->statsLine();
}

// rand100k is static and, after its first pass, opaque everywhere: from the frame after the first, the second
// pass is not binned at all (the renderer is told to walk every circle where a tile is not opaque, which
// here is nowhere). Every frame must still be the first one, which binned both passes.
TEST(CirclePairs, ASecondPassSkippedBecauseEveryTileWasOpaqueDrawsTheSamePixels) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (bool graph : {false, true}) {
        SCOPED_TRACE(graph ? "as a graph" : "launch by launch");
        auto run = start("circles/rand100k", graph);
        ASSERT_TRUE(run);
        run->loop->runFrame(goodFrames());
        const HostImage first = run->loop->lastFramePixels();
        EXPECT_EQ(run->scene->statsLine().find("second pass not binned"), std::string::npos) << run->scene->statsLine();
        for (int f = 1; f < 5; ++f) {
            run->loop->runFrame(goodFrames());
            EXPECT_NE(run->scene->statsLine().find("second pass not binned"), std::string::npos)
                << "frame " << f << ": " << run->scene->statsLine();
            EXPECT_TRUE(run->loop->lastFramePixels().pixels == first.pixels) << "frame " << f;
        }
    }
}

// The renderer's choice (pathFor in render_good.cu, from the circle count): few circles are drawn by one launch
// that tests every circle per tile; more are binned (count, scan, emit, sort, ranges, render); forced with
// RACELAB_CIRCLES_PATH=listed, one launch lists every circle per coarse tile, then the render draws. That the
// pixels are the course's is GoodVariantPassesCheck's (every CS149 scene against the CPU reference); that every
// path draws the same pixels is EveryPathDrawsTheSamePixels's.
TEST(CircleRenderer, TheRendererChoosesItsPathFromTheCircleCount) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    struct Case {
        const char* scene;
        int rendererSteps;     // named circle steps of one frame, the animation's excluded
        const char* statsSays;  // nullptr: binned (neither one-launch phrase)
    };
    // The bounds (kEveryCirclePerTileMax 64, kListedPerCoarseTileMax 10,000) on either side: hypnosis' 25
    // circles and fireworks' 315, rand10k's 10,000 and rand100k's 100,000.
    const char* every = "every circle tested per 16px tile, 2 pixels a thread";
    const char* listed = "circles listed per 64px tile by one launch, in order (no binning, no sort: at most 10,000 "
                         "circles), 2 pixels a thread";
    for (const Case& c : {Case{"circles/rgb", 1, every}, Case{"circles/hypnosis", 1, every},
                          Case{"circles/fireworks", 2, listed}, Case{"circles/pattern", 2, listed},
                          Case{"circles/rand10k", 2, listed}, Case{"circles/rand100k", 0, nullptr}}) {
        SCOPED_TRACE(c.scene);
        auto run = start(c.scene, false);
        ASSERT_TRUE(run);
        run->loop->runFrame(goodFrames());
        KernelTiming& timing = KernelTiming::instance();
        timing.clear();
        {
            const ScopedEnabled<KernelTiming> timed(timing, true);
            run->loop->runFrame(goodFrames());
            timing.closeFrame();
        }
        int circleSteps = 0;
        for (const KernelStat& s : timing.summary())  // the animation's step (fireworks) is not the renderer's
            circleSteps += s.name.rfind("circles:", 0) == 0 && s.name.rfind("circles: advance", 0) != 0;
        timing.clear();
        const std::string stats = run->scene->statsLine();
        if (c.statsSays) {
            EXPECT_EQ(circleSteps, c.rendererSteps);
            EXPECT_NE(stats.find(c.statsSays), std::string::npos) << stats;
        } else {
            EXPECT_GT(circleSteps, 3) << "binned: count, scan, emit, sort, ranges, render";
            EXPECT_EQ(stats.find("by one launch"), std::string::npos) << stats;
            EXPECT_EQ(stats.find("every circle tested"), std::string::npos) << stats;
        }
    }
}

namespace {

// The good variant's frames of `scene` (three, from its start) drawn with the circle renderer's path and
// pixels a thread forced (faultInjection(), read when the scene makes its GPU half on its first frame; both
// put back afterwards), and the stats line after them.
struct CircleFrames {
    std::vector<std::vector<std::uint8_t>> pixels;
    std::string stats;
};
CircleFrames circleFramesWith(const char* scene, const std::string& path, int pixelsPerThread) {
    FaultInjection& forced = faultInjection();
    forced.circlesPath = path;
    forced.circlesPixelsPerThread = pixelsPerThread;
    CircleFrames frames;
    if (auto run = start(scene, false)) {
        for (int f = 0; f < 3; ++f) {
            run->loop->runFrame(goodFrames());
            frames.pixels.push_back(run->loop->lastFramePixels().pixels);
        }
        frames.stats = run->scene->statsLine();
    }
    forced.circlesPath.clear();
    forced.circlesPixelsPerThread = 0;
    return frames;
}

}  // namespace

// A forced path (RACELAB_CIRCLES_PATH, faultInjection().circlesPath): each finds the same circles for each tile in
// the same order, so the frames, animated ones included, are the same bytes whichever path drew them.
TEST(CircleRenderer, EveryPathDrawsTheSamePixels) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const char* scene : {"circles/rgby", "circles/bouncingballs", "circles/hypnosis", "circles/fireworks",
                              "circles/pattern", "circles/rand10k", "circles/biglittle", "circles/littlebig"}) {
        SCOPED_TRACE(scene);
        const char* paths[3] = {"binned", "every", "listed"};
        CircleFrames frames[3];
        for (int p = 0; p < 3; ++p) {
            frames[p] = circleFramesWith(scene, paths[p], 1);
            ASSERT_EQ(frames[p].pixels.size(), 3u);
            const bool every = frames[p].stats.find("every circle tested") != std::string::npos;
            const bool listed = frames[p].stats.find("by one launch, in order") != std::string::npos;
            EXPECT_EQ(every, p == 1) << paths[p] << ": " << frames[p].stats;
            EXPECT_EQ(listed, p == 2) << paths[p] << ": " << frames[p].stats;
        }
        for (int p = 1; p < 3; ++p)
            for (int f = 0; f < 3; ++f)
                EXPECT_TRUE(frames[p].pixels[f] == frames[0].pixels[f]) << paths[p] << ", frame " << f;
    }
}

// Two pixels a thread (RACELAB_CIRCLES_PIXELS_PER_THREAD=2, faultInjection().circlesPixelsPerThread): the tile
// render with two pixels a thread blends the same circles in the same order with the same arithmetic, on every path
// and in both passes of the two-pass mode (rand100k; snow's shading and animation).
TEST(CircleRenderer, TwoPixelsAThreadDrawTheSamePixelsAsOne) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const char* scene : {"circles/rgby", "circles/fireworks", "circles/pattern", "circles/rand10k",
                              "circles/rand100k", "circles/snow"}) {
        SCOPED_TRACE(scene);
        const CircleFrames one = circleFramesWith(scene, "", 1);
        const CircleFrames two = circleFramesWith(scene, "", 2);
        ASSERT_EQ(one.pixels.size(), 3u);
        ASSERT_EQ(two.pixels.size(), 3u);
        for (int f = 0; f < 3; ++f) EXPECT_TRUE(two.pixels[f] == one.pixels[f]) << "frame " << f;
    }
    const CircleFrames one = circleFramesWith("circles/rand10k", "listed", 1);
    const CircleFrames two = circleFramesWith("circles/rand10k", "listed", 2);
    ASSERT_EQ(two.pixels.size(), 3u);
    for (int f = 0; f < 3; ++f) EXPECT_TRUE(two.pixels[f] == one.pixels[f]) << "listed path, frame " << f;
}
