// Which variants a comparison view puts side by side, the --view names, and the viewer's keys.
#include <gtest/gtest.h>

#include "frame/race_meter.hpp"
#include "frame/race_view.hpp"
#include "app/viewer/viewer_keys.hpp"
#include "core/errors.hpp"
#include "scenes/scene_registry.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

using namespace racelab;

namespace {
std::unique_ptr<Scene> cpuScene(const std::string& name) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    return createScene(name, options);
}
}  // namespace

TEST(RaceView, NamesRoundTripAndBadNamesAreRefused) {
    for (int i = 0; i < kRaceViewCount; ++i) {
        const auto view = static_cast<RaceView>(i);
        EXPECT_EQ(parseRaceView(raceViewName(view)), view);
        EXPECT_EQ(nextRaceView(view), static_cast<RaceView>((i + 1) % kRaceViewCount));
    }
    EXPECT_THROW(parseRaceView("sideways"), UsageError);
}

TEST(RaceView, ComparesTheChosenRacyVariantWithTheFirstCorrectOne) {
    auto circles = cpuScene("circles/rand10k");  // good, bad, unordered
    const int bad = circles->variantIndex("bad"), unordered = circles->variantIndex("unordered");
    VariantPair p = comparedVariants(*circles, unordered, -1);
    EXPECT_EQ(p.good, 0);
    EXPECT_EQ(p.racy, unordered);
    p = comparedVariants(*circles, 0, -1);  // good chosen: the first racy variant
    EXPECT_EQ(p.racy, bad);
    p = comparedVariants(*circles, 0, unordered);  // ... or the one last chosen
    EXPECT_EQ(p.racy, unordered);
    auto mesh = cpuScene("mesh/icosphere");  // good, brute (correct), bad
    p = comparedVariants(*mesh, mesh->variantIndex("brute"), -1);
    EXPECT_EQ(p.good, 0);
    EXPECT_EQ(p.racy, mesh->variantIndex("brute"));  // a second correct variant is compared too: it reads 0
}

TEST(ViewerKeys, PickVariantsCycleViewsAndPause) {
    auto circles = cpuScene("circles/rand10k");  // good, bad, unordered
    FrameControls c;
    EXPECT_EQ(applyViewerKey(GLFW_KEY_B, c, *circles), ViewerKeyAction::None);
    EXPECT_EQ(c.variant, 1);
    EXPECT_EQ(c.racyVariant, 1);
    applyViewerKey(GLFW_KEY_B, c, *circles);  // again: the next racy one
    EXPECT_EQ(c.variant, 2);
    applyViewerKey(GLFW_KEY_B, c, *circles);  // and round, past good
    EXPECT_EQ(c.variant, 1);
    applyViewerKey(GLFW_KEY_G, c, *circles);
    EXPECT_EQ(c.variant, 0);
    EXPECT_EQ(c.racyVariant, 1) << "the views keep comparing the racy variant last picked";
    applyViewerKey(GLFW_KEY_3, c, *circles);
    EXPECT_EQ(c.variant, 2);
    applyViewerKey(GLFW_KEY_9, c, *circles);  // no ninth variant: nothing changes
    EXPECT_EQ(c.variant, 2);
    for (int i = 1; i <= kRaceViewCount; ++i) {
        applyViewerKey(GLFW_KEY_V, c, *circles);
        EXPECT_EQ(c.view, static_cast<RaceView>(i % kRaceViewCount));
    }
    applyViewerKey(GLFW_KEY_SPACE, c, *circles);
    EXPECT_TRUE(c.paused);
    applyViewerKey(GLFW_KEY_SPACE, c, *circles);
    EXPECT_FALSE(c.paused);
    EXPECT_EQ(applyViewerKey(GLFW_KEY_S, c, *circles), ViewerKeyAction::Screenshot);
    EXPECT_EQ(applyViewerKey(GLFW_KEY_R, c, *circles), ViewerKeyAction::Reset);
    EXPECT_EQ(applyViewerKey(GLFW_KEY_ESCAPE, c, *circles), ViewerKeyAction::Quit);
}
