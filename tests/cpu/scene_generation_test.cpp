// Scene generation is deterministic and follows CS149's distributions and glibc rand() call order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "core/errors.hpp"
#include "scenes/circles/circle_scene_spec.hpp"

using namespace racelab;
using namespace racelab::circles;

TEST(SceneGeneration, SameSeedSameScene) {
    CircleSet a = generateCircles("rand10k", 7), b = generateCircles("rand10k", 7);
    EXPECT_EQ(a.position, b.position);
    EXPECT_EQ(a.color, b.color);
    EXPECT_EQ(a.radius, b.radius);
    CircleSet c = generateCircles("rand10k", 8);
    EXPECT_NE(a.position, c.position);
}

TEST(SceneGeneration, GlibcRandCallOrder) {
    // The loader draws n depths first, then per circle: radius, x, y, r, g, b.
    CircleSet set = generateCircles("rand10k", 3);
    std::srand(3);
    std::vector<float> depths(10000);
    for (float& d : depths) d = static_cast<float>(std::rand()) / RAND_MAX;
    std::sort(depths.begin(), depths.end(), std::greater<float>());
    float radius = .02f + .06f * static_cast<float>(std::rand()) / RAND_MAX;
    float x = static_cast<float>(std::rand()) / RAND_MAX;
    EXPECT_FLOAT_EQ(set.radius[0], radius);
    EXPECT_FLOAT_EQ(set.position[0], x);
    EXPECT_FLOAT_EQ(set.position[2], depths[0]);
}

TEST(SceneGeneration, Rand10kDistributions) {
    CircleSet set = generateCircles("rand10k", 0);
    ASSERT_EQ(set.count(), 10000);
    for (int i = 0; i < set.count(); ++i) {
        EXPECT_GE(set.radius[i], .02f);
        EXPECT_LE(set.radius[i], .08f);
        if (i) EXPECT_GE(set.position[3 * (i - 1) + 2], set.position[3 * i + 2]) << "depths must be far to near";
        EXPECT_GE(set.color[3 * i], .1f);       // <= 10k circles: r in [.1, 1], g in [.2, .7], b in [.5, 1]
        EXPECT_LE(set.color[3 * i + 1], .7f + 1e-6f);
        EXPECT_GE(set.color[3 * i + 2], .5f);
    }
}

TEST(SceneGeneration, LargeScenesUseTheOtherPalette) {
    CircleSet set = generateCircles("rand100k", 0, 20000);
    ASSERT_EQ(set.count(), 20000);
    float maxRed = 0, maxBlue = 0;
    for (int i = 0; i < set.count(); ++i) {
        maxRed = std::max(maxRed, set.color[3 * i]);
        maxBlue = std::max(maxBlue, set.color[3 * i + 2]);
    }
    EXPECT_GT(maxRed, 1.f);    // r in [.3, 1.2] for more than 10k circles
    EXPECT_LE(maxBlue, .5f + 1e-6f);  // b in [.1, .5]
}

// Above 100k circles the course's loader (asst3 since October 2024) switches to small radii and a third
// palette, different again for its fixed-radius generator (micro2M).
TEST(SceneGeneration, MoreThan100kCirclesUseSmallRadiiAndTheThirdPalettes) {
    CircleSet rand = generateCircles("rand100k", 0, 100'001);
    float lo[4] = {1e9f, 1e9f, 1e9f, 1e9f}, hi[4] = {-1e9f, -1e9f, -1e9f, -1e9f};
    for (int i = 0; i < rand.count(); ++i) {
        const float v[4] = {rand.radius[i], rand.color[3 * i], rand.color[3 * i + 1], rand.color[3 * i + 2]};
        for (int k = 0; k < 4; ++k) lo[k] = std::min(lo[k], v[k]), hi[k] = std::max(hi[k], v[k]);
    }
    // radius .009 + .005u, r .2 + .5u, g .5 + .5u, b .1 + .4u; 100k draws come within 1e-3 of every bound
    const float want[4][2] = {{.009f, .014f}, {.2f, .7f}, {.5f, 1.f}, {.1f, .5f}};
    for (int k = 0; k < 4; ++k) {
        EXPECT_NEAR(lo[k], want[k][0], 1e-3f) << "field " << k;
        EXPECT_NEAR(hi[k], want[k][1], 1e-3f) << "field " << k;
        EXPECT_GE(lo[k], want[k][0] - 1e-6f);
        EXPECT_LE(hi[k], want[k][1] + 1e-6f);
    }
    CircleSet micro = generateCircles("micro2M", 0, 200'000);
    float maxRed = 0, maxGreen = 0, minBlue = 1;
    for (int i = 0; i < micro.count(); ++i) {
        EXPECT_FLOAT_EQ(micro.radius[i], .001f);
        maxRed = std::max(maxRed, micro.color[3 * i]);
        maxGreen = std::max(maxGreen, micro.color[3 * i + 1]);
        minBlue = std::min(minBlue, micro.color[3 * i + 2]);
    }
    EXPECT_NEAR(maxRed, 1.2f, 1e-3f);   // r .3 + .9u
    EXPECT_NEAR(maxGreen, .4f, 1e-3f);  // g .1 + .3u
    EXPECT_NEAR(minBlue, .2f, 1e-3f);   // b .2 + .2u
}

TEST(SceneGeneration, BigLittleClustersTheLastThousand) {
    CircleSet set = generateCircles("biglittle", 0);
    for (int i = 0; i < 9000; ++i) EXPECT_FLOAT_EQ(set.radius[i], .25f);
    for (int i = 9000; i < 10000; ++i) {
        EXPECT_FLOAT_EQ(set.radius[i], .05f);
        EXPECT_GE(set.position[3 * i], .05f - 1e-6f);  // x in [.9 - .85, .9 - .85 + .1]
        EXPECT_LE(set.position[3 * i], .15f + 1e-6f);
        EXPECT_GE(set.position[3 * i + 1], .85f - 1e-6f);
    }
}

TEST(SceneGeneration, PresetCountsAndNames) {
    for (const auto& spec : circleSceneSpecs()) {
        if (spec.defaultCount > 200000) continue;  // the large presets are covered by their count rule
        EXPECT_EQ(generateCircles(spec.name, 0).count(), spec.defaultCount) << spec.name;
    }
    EXPECT_EQ(generateCircles("pattern", 0).count(), 16 * 16 + 31 * 31);
    EXPECT_EQ(generateCircles("fireworks", 0).count(), 15 + 15 * 20);
}

TEST(SceneGeneration, BadRequestsAreRefused) {
    EXPECT_THROW(generateCircles("nope", 0), UsageError);
    EXPECT_THROW(generateCircles("rgb", 0, 10), UsageError);
    EXPECT_THROW(generateCircles("rand10k", 0, kMaxCircleCount + 1), UsageError);
}
