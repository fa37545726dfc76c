// Which variants a comparison view puts side by side, and the --view names.
#include <gtest/gtest.h>

#include "app/race_meter.hpp"
#include "app/race_view.hpp"
#include "core/errors.hpp"
#include "scenes/scene_registry.hpp"

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
