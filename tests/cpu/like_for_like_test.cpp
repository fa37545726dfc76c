// Speed-ups compared like for like: the tiled front-to-back circle reference (the GPU good variant's
// algorithm on the CPU) equals the simple reference under CS149's rule; the Fourier reference gives the
// same pixels with and without OpenMP; every ratio bench prints states both sides and what it compares.
#include <gtest/gtest.h>

#include <cmath>

#include "core/image_compare.hpp"
#include "core/labelled_ratio.hpp"
#include "process_runner.hpp"
#include "scenes/circles/circle_reference.hpp"
#include "scenes/circles/circle_reference_tiled.hpp"
#include "scenes/circles/circle_scene_spec.hpp"
#include "scenes/fourier/epicycle_reference.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;
using namespace racelab::circles;

namespace {

// CS149's checker: a channel differs beyond 0.1, at most 5 differing pixels.
void expectTiledMatchesSimple(const std::string& scene, int steps, int width, int height) {
    CircleSet set = generateCircles(scene, 0);
    for (int i = 0; i < steps; ++i) advanceReference(set);
    HostImage simple(width, height), tiled(width, height), tiledSequential(width, height);
    renderReferenceSequential(set, simple);
    renderReferenceTiled(set, tiled, true);
    renderReferenceTiled(set, tiledSequential, false);
    ImageComparison c = compareImages(tiled, simple, .1f);
    EXPECT_LE(c.differingPixels, 5) << scene << " " << width << "x" << height;
    // Front to back with the 1/512 cut-off changes a byte by at most rounding (one 8-bit step, two at most).
    EXPECT_LE(c.maxChannelDifference, 2) << scene << " " << width << "x" << height;
    // The OpenMP schedule does not change a pixel: each pixel's sum runs in the same order.
    EXPECT_EQ(compareImages(tiledSequential, tiled, 0.f).maxChannelDifference, 0) << scene;
}

}  // namespace

TEST(TiledCircleReference, EqualsSimpleReferenceUnderCs149Rule) {
    for (const char* scene : {"rgb", "rand10k", "pattern", "biglittle"}) {
        expectTiledMatchesSimple(scene, 0, 256, 256);
        expectTiledMatchesSimple(scene, 0, 200, 137);  // not a multiple of 16: partial edge tiles
    }
}

TEST(TiledCircleReference, EqualsSimpleReferenceOnSnowAfterSomeFrames) {
    expectTiledMatchesSimple("snow", 3, 256, 256);
    expectTiledMatchesSimple("snow", 3, 200, 137);
}

TEST(TiledCircleReference, StopsEarlyYetMatchesUnderManyLayers) {
    // 40 identical circles of alpha .5 over the centre: the tiled renderer stops after 9 layers
    // (0.5^9 < 1/512), the simple one blends all 40; the bytes must still agree.
    CircleSet set;
    set.resize(40);
    for (int c = 0; c < 40; ++c) {
        set.position[3 * c] = .5f, set.position[3 * c + 1] = .5f, set.position[3 * c + 2] = .5f;
        set.radius[c] = .3f;
        set.color[3 * c] = c % 2 ? 1.f : 0.f, set.color[3 * c + 1] = .25f, set.color[3 * c + 2] = c % 3 ? .5f : 1.f;
    }
    HostImage simple(48, 40), tiled(48, 40);
    renderReferenceSequential(set, simple);
    renderReferenceTiled(set, tiled);
    ImageComparison c = compareImages(tiled, simple, 0.f);
    EXPECT_LE(c.maxChannelDifference, 1);
    const std::uint8_t* centre = tiled.at(24, 20);
    EXPECT_NEAR(centre[0], 255 * (2.f / 3.f), 2);  // the top circle (index 39, red 1) weighs 1/2, the next 1/4...
}

TEST(FourierReference, OpenMpGivesTheSamePixelsAsSequential) {
    using namespace racelab::fourier;
    std::vector<EpicycleTerm> terms = {{0.f, .1f, -.05f}, {1.f, .6f, .2f}, {-2.f, .25f, -.1f}, {3.f, .08f, .12f}, {-5.f, .04f, .03f}};
    std::vector<Vec2> source = {{.1f, .2f}, {-.3f, .4f}, {.5f, -.5f}};
    for (int height : {97, 160}) {
        const int width = 150;
        ReferenceDrawSettings s{{height * .35f, width * .5f, height * .5f, height}, 240.f, true, true, 5, &source};
        HostImage sequential(width, height), parallel(width, height);
        renderEpicyclesReference(terms, s, 300, sequential, false);
        renderEpicyclesReference(terms, s, 300, parallel, true);
        EXPECT_EQ(sequential.pixels, parallel.pixels) << height;
        const std::vector<std::uint32_t> trail = referenceTrail(terms, s, 300, width, height, true);
        EXPECT_EQ(referenceTrail(terms, s, 300, width, height, false), trail);
        long lit = 0;
        for (std::uint32_t coverage : trail) lit += coverage > 0;
        EXPECT_GT(lit, 500) << height;  // the trail really crosses the bands
    }
}

// The like-for-like reference keeps its trail and adds each frame's segment, as the GPU does: frame by frame
// it must give exactly the pixels of the simple reference that redraws the whole trail (coverage is kept as the
// maximum, so the order of the segments cannot matter).
TEST(FourierReference, KeptTrailEqualsTheWholeTrailFrameByFrame) {
    using namespace racelab::fourier;
    std::vector<EpicycleTerm> terms = {{0.f, .1f, -.05f}, {1.f, .6f, .2f}, {-2.f, .25f, -.1f}, {3.f, .08f, .12f}};
    const int width = 140, height = 100;
    ReferenceDrawSettings s{{height * .35f, width * .5f, height * .5f, height}, 120.f, true, true, 3, nullptr};
    KeptTrail kept;
    HostImage incremental(width, height), whole(width, height);
    long lit = 0;
    for (long frame : {3L, 4L, 5L, 9L, 40L, 41L, 130L}) {  // single steps and jumps, past one period
        renderEpicyclesReference(terms, s, frame, incremental, true, &kept);
        renderEpicyclesReference(terms, s, frame, whole, true);
        EXPECT_EQ(incremental.pixels, whole.pixels) << "frame " << frame;
        EXPECT_EQ(kept.drawnUpTo, frame);
    }
    for (std::uint32_t coverage : kept.coverage) lit += coverage > 0;
    EXPECT_GT(lit, 300);
    renderEpicyclesReference(terms, s, 20, incremental, true, &kept);  // back in time: started again
    renderEpicyclesReference(terms, s, 20, whole, true);
    EXPECT_EQ(incremental.pixels, whole.pixels);
    s.trailFrom = 15;  // the trail cleared at frame 15
    renderEpicyclesReference(terms, s, 25, incremental, true, &kept);
    renderEpicyclesReference(terms, s, 25, whole, true);
    EXPECT_EQ(incremental.pixels, whole.pixels);
}

TEST(LabelledRatio, StatesBothSidesAndTheComparison) {
    EXPECT_EQ(formatRatio(1662.4), "1,662x");
    EXPECT_EQ(formatRatio(26544.2), "26,544x");
    EXPECT_EQ(formatRatio(38.2), "38x");
    EXPECT_EQ(formatRatio(3.24), "3.2x");
    EXPECT_EQ(formatRatio(.5), "0.50x");
    LabelledRatio r{{"GPU good (tiled)", "kernels only", .2}, {"CPU simple", "blending only", 332.4}, Likeness::AlgorithmAndHardware};
    EXPECT_DOUBLE_EQ(r.ratio(), 1662.0);
    EXPECT_EQ(r.line(), "GPU good (tiled) (kernels only) 0.2 ms vs CPU simple (blending only) 332.4 ms: 1,662x \u2014 algorithm + hardware");
    r.likeness = Likeness::LikeForLike;
    EXPECT_NE(r.line().find("\u2014 like for like"), std::string::npos);
}

TEST(LabelledRatio, EveryWorkloadLabelsItsGpuSideAndCpuReferences) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    for (const char* name : {"circles/rgb", "planes/default", "mesh/icosphere", "fourier/text", "histogram/random"}) {
        auto scene = createScene(name, options);
        EXPECT_EQ(scene->benchGpuSide(0).what.rfind("GPU good", 0), 0u) << name;
        EXPECT_FALSE(scene->benchGpuSide(0).includes.empty()) << name;
        auto references = scene->benchReferences(0);
        ASSERT_FALSE(references.empty()) << name;
        EXPECT_EQ(references.front().likeness, Likeness::LikeForLike) << name;  // the good variant has a like-for-like twin
        for (const auto& reference : references) EXPECT_FALSE(reference.includes.empty()) << name;
        // A racy variant is never like for like.
        EXPECT_EQ(scene->benchReferences(static_cast<int>(scene->variants().size()) - 1).front().likeness,
                  Likeness::AlgorithmAndHardware) << name;
    }
    auto circles = createScene("circles/rand10k", options);
    auto references = circles->benchReferences(0);
    ASSERT_EQ(references.size(), 2u);
    EXPECT_EQ(references[0].what, "CPU tiled front-to-back");
    EXPECT_EQ(references[1].likeness, Likeness::AlgorithmAndHardware);
    EXPECT_TRUE(references[1].timeSequential);
    // Both references draw the frame bench times, equal under CS149's rule.
    HostImage tiled(96, 80), simple(96, 80);
    references[0].render(tiled, true);
    references[1].render(simple, false);
    EXPECT_LE(compareImages(tiled, simple, .1f).differingPixels, 5);
}

TEST(LabelledRatio, BenchCpuPrintsLabelledRatios) {
    ProcessResult r = runRacelab("bench --scene circles/rgb --backend cpu --present none --size 64x48 --frames 2 --warmup 0 --cpu");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("CPU tiled front-to-back, OpenMP ("), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("CPU simple reference (back to front, every circle), sequential:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("OpenMP speed-up: CPU simple reference (back to front, every circle), OpenMP ("), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("no GPU speed-up is printed"), std::string::npos) << r.output;  // the cpu backend
}
