// The race meter and the comparison views, for every workload family the build has: the meter reads 0 for
// each correct variant and more than 0 for each racy one over a fixed number of frames, switching from a
// racy variant back to good gives the frame a fresh good run gives, and the views draw what they claim.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "frame/frame_loop.hpp"
#include "frame/race_meter.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/scene_registry.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_frame.hpp"
#endif

using namespace racelab;

namespace {

constexpr int kWidth = 320, kHeight = 240;
constexpr int kFrames = 24;  // frames measured per variant: enough for the rarest race seen (fourier's chain)

using gputest::oneSceneEachFamily;

std::unique_ptr<Scene> makeScene(const std::string& name) { return gputest::cudaSceneOrNull(name); }

// Runs `frames` frames of `variant` through a frame loop without GL (plain view) and returns the last one.
HostImage runFrames(FrameLoop& loop, int variant, int frames, bool meter) {
    FrameControls controls;
    controls.variant = variant;
    controls.raceMeter = meter;
    for (int i = 0; i < frames; ++i) loop.runFrame(controls);
    return loop.lastFramePixels();
}

long differingPixels(const HostImage& a, const HostImage& b) { return compareImages(a, b, 0.f).differingPixels; }

}  // namespace

TEST(RaceMeterEveryWorkload, ZeroForCorrectVariantsAndMoreForRacyOnes) {
    RACELAB_REQUIRE_CUDA_DEVICE();
#ifdef RACELAB_HAVE_CUDA
    CudaStream stream;
    for (const std::string& name : oneSceneEachFamily()) {
        auto probe = makeScene(name);
        for (int v = 0; v < static_cast<int>(probe->variants().size()); ++v) {
            const VariantInfo& variant = probe->variants()[static_cast<std::size_t>(v)];
            SCOPED_TRACE(name + " variant " + variant.name);
            auto scene = makeScene(name);
            RaceMeter meter;
            DeviceFrame frame;
            frame.resize(kWidth, kHeight);
            long differing = 0, lost = 0;
            bool exact = false;
            for (int f = 0; f < kFrames; ++f) {
                if (f > 0 && scene->animated()) scene->advance(kFixedStepSeconds, stream.get());
                scene->render(frame.target(stream.get()), v);
                // evenTheGood: the good variant is compared with a second render of itself, so a scene whose
                // state leaks between renders fails here too.
                const RaceReading r = meter.measure(*scene, frame.target(stream.get()), v, true);
                ASSERT_TRUE(r.valid);
                EXPECT_EQ(r.total, static_cast<long>(kWidth) * kHeight);
                differing += r.differing;
                if (r.exact) exact = true, lost += r.exact->lost;
                if (variant.correct) {
                    EXPECT_EQ(r.differing, 0) << "frame " << f;
                    if (r.exact) EXPECT_EQ(r.exact->lost, 0) << "frame " << f;
                }
            }
            if (!variant.correct) {
                if (exact) EXPECT_GT(lost, 0) << "the exact count saw no race in " << kFrames << " frames";
                else EXPECT_GT(differing, 0) << "the meter saw no race in " << kFrames << " frames";
            }
        }
    }
#endif
}

TEST(RaceMeterEveryWorkload, RacyThenGoodEqualsAFreshGoodRun) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    CudaStream stream;
    for (const std::string& name : oneSceneEachFamily()) {
        auto fresh = makeScene(name);
        FrameLoop freshLoop(*fresh, nullptr, nullptr, stream.get());
        freshLoop.setHeadlessSize(kWidth, kHeight);
        const int good = comparedVariants(*fresh, 0, -1).good;
        const HostImage expected = runFrames(freshLoop, good, 2 * kFrames, false);
        for (int v = 0; v < static_cast<int>(fresh->variants().size()); ++v) {
            if (fresh->variants()[static_cast<std::size_t>(v)].correct) continue;
            for (bool meter : {false, true}) {  // with the meter on, the good variant is drawn every frame too
                SCOPED_TRACE(name + " after " + fresh->variants()[static_cast<std::size_t>(v)].name +
                             (meter ? ", meter on" : ", meter off"));
                auto scene = makeScene(name);
                FrameLoop loop(*scene, nullptr, nullptr, stream.get());
                loop.setHeadlessSize(kWidth, kHeight);
                runFrames(loop, v, kFrames, meter);
                const HostImage after = runFrames(loop, good, kFrames, meter);
                EXPECT_EQ(differingPixels(after, expected), 0);
            }
        }
    }
}

namespace {

// The good frame and a view of (good, racy) of the same frame of circles/rand10k.
struct ViewPair {
    HostImage good, view;
    RaceReading race;
};

ViewPair drawView(RaceView view, const std::string& racy, int frames = 1) {
    CudaStream stream;
    auto goodScene = makeScene("circles/rand10k");
    FrameLoop goodLoop(*goodScene, nullptr, nullptr, stream.get());
    goodLoop.setHeadlessSize(kWidth, kHeight);
    ViewPair out;
    out.good = runFrames(goodLoop, 0, 1, false);
    auto scene = makeScene("circles/rand10k");
    FrameLoop loop(*scene, nullptr, nullptr, stream.get());
    loop.setHeadlessSize(kWidth, kHeight);
    FrameControls controls;
    controls.variant = 0;
    controls.racyVariant = scene->variantIndex(racy);
    controls.view = view;
    controls.paused = true;  // every frame is frame 0: the good side equals out.good
    controls.heatFrames = 8;
    for (int i = 0; i < frames; ++i) loop.runFrame(controls);
    out.view = loop.lastFramePixels();
    out.race = loop.race();
    return out;
}

bool isHeatColour(const std::uint8_t* p) { return !(p[0] == p[1] && p[1] == p[2]); }

}  // namespace

TEST(RaceViews, SideBySideShowsGoodAtHalfSizeOnTheLeft) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    ViewPair p = drawView(RaceView::Side, "bad");
    ASSERT_TRUE(p.race.valid);
    EXPECT_GT(p.race.differing, 0);
    const int half = kWidth / 2, rows = kHeight / 2, top = (kHeight - rows) / 2;
    long off = 0;
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < half - 1; ++x)
            for (int c = 0; c < 3; ++c) {
                int sum = 0;
                for (int dy = 0; dy < 2; ++dy)
                    for (int dx = 0; dx < 2; ++dx) sum += p.good.at(2 * x + dx, 2 * y + dy)[c];
                off += p.view.at(x, top + y)[c] != (sum + 2) / 4;
            }
    EXPECT_EQ(off, 0) << "left half = the good frame, 2x2 box filtered";
}

TEST(RaceViews, WipeShowsGoodLeftOfTheDivider) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    ViewPair p = drawView(RaceView::Wipe, "bad");
    const int divider = kWidth / 2;
    long off = 0;
    for (int y = 0; y < kHeight; ++y) {
        for (int x = 0; x < divider - 1; ++x)
            for (int c = 0; c < 3; ++c) off += p.view.at(x, y)[c] != p.good.at(x, y)[c];
        EXPECT_EQ(p.view.at(divider, y)[0], 255);
    }
    EXPECT_EQ(off, 0);
    EXPECT_GT(p.race.differing, 0);
}

TEST(RaceViews, HeatMapColoursOnlyWhereVariantsDiffer) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    // good against itself: nothing differs, every pixel outside the legend stays grey
    ViewPair same = drawView(RaceView::Heat, "good", 8);
    EXPECT_EQ(same.race.differing, 0);
    EXPECT_EQ(same.race.heatFrames, 8);
    long coloured = 0;
    for (int y = 50; y < kHeight; ++y)  // above the legend (lower left, 44 rows)
        for (int x = 0; x < kWidth; ++x) coloured += isHeatColour(same.view.at(x, y));
    EXPECT_EQ(coloured, 0);
    ViewPair racy = drawView(RaceView::Heat, "bad", 8);
    EXPECT_GT(racy.race.differing, 0);
    coloured = 0;
    for (int y = 50; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) coloured += isHeatColour(racy.view.at(x, y));
    // Every pixel that differed in the last frame is coloured (the count includes the legend's corner).
    EXPECT_GT(coloured, racy.race.differing / 2);
}
