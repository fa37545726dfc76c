// The CPU reference against pixels computed by hand from CS149's blend rule, and the OpenMP version
// against the sequential definition.
#include <gtest/gtest.h>

#include "scenes/circles/circle_reference.hpp"
#include "scenes/circles/circle_scene_spec.hpp"

using namespace racelab;
using namespace racelab::circles;

namespace {

// Pixel whose centre is nearest to the normalized point (x, y) in a size x size image.
const std::uint8_t* pixelAt(const HostImage& image, float x, float y) {
    return image.at(static_cast<int>(x * image.width), static_cast<int>(y * image.height));
}

void expectRgb(const std::uint8_t* p, int r, int g, int b) {
    EXPECT_EQ(p[0], r);
    EXPECT_EQ(p[1], g);
    EXPECT_EQ(p[2], b);
}

}  // namespace

TEST(CircleReference, RgbSceneMatchesHandComputedBlends) {
    CircleSet set = generateCircles("rgb", 0);
    HostImage image(200, 200);
    renderReferenceSequential(set, image);
    // Corner: no circle (radius .3 around x = .4/.5/.6, y = .5) -> the white clear colour.
    expectRgb(pixelAt(image, .02f, .02f), 255, 255, 255);
    // x = .15: only red (|.15-.4| = .25 < .3; green .35 away) -> .5*(1,0,0) + .5*(1,1,1) = (1, .5, .5).
    expectRgb(pixelAt(image, .15f, .5f), 255, 128, 128);
    // x = .5: red, then green, then blue, each at alpha .5:
    //   white -> (1, .5, .5) -> (.5, .75, .25) -> (.25, .375, .625) -> bytes (64, 96, 159) rounding to nearest.
    expectRgb(pixelAt(image, .5f, .5f), 64, 96, 159);
    // x = .85: only blue (|.85-.6| = .25; green .35 away) -> (.5, .5, 1).
    expectRgb(pixelAt(image, .85f, .5f), 128, 128, 255);
    // Alpha is written opaque.
    EXPECT_EQ(pixelAt(image, .5f, .5f)[3], 255);
}

TEST(CircleReference, OrderMattersNearestDrawnLast) {
    CircleSet set = generateCircles("rgb", 0);
    std::swap(set.color[3], set.color[6]);  // swap green (middle) and blue (front) colours
    std::swap(set.color[4], set.color[7]);
    std::swap(set.color[5], set.color[8]);
    HostImage image(200, 200);
    renderReferenceSequential(set, image);
    // red, blue, green: (1,.5,.5) -> (.5,.25,.75) -> (.25,.625,.375)
    expectRgb(pixelAt(image, .5f, .5f), 64, 159, 96);
}

TEST(CircleReference, SnowClearIsTheVerticalGreyRamp) {
    CircleSet set = generateCircles("snow", 0);  // at frame 0 every flake is still above the screen
    HostImage image(64, 100);
    renderReferenceSequential(set, image);
    // row j: .4 + .45 * (H - j) / H  -> row 0: .85 -> 217; row 99: .4045 -> 103
    EXPECT_EQ(image.at(10, 0)[0], 217);
    EXPECT_EQ(image.at(10, 99)[0], 103);
    EXPECT_EQ(image.at(10, 99)[0], image.at(10, 99)[2]);
}

// snowsingle is snow's own flakes where snow's frame 240 has them (frame 0 is one step), standing still: the
// same circles to the bit, a picture equal to that frame's, and no animation left to take them elsewhere.
TEST(CircleReference, SnowsingleIsSnowsFrame240StandingStill) {
    CircleSet snow = generateCircles("snow", 0);
    for (int step = 0; step < 241; ++step) advanceReference(snow);
    CircleSet still = generateCircles("snowsingle", 0);
    EXPECT_EQ(still.animation, Animation::None);
    EXPECT_TRUE(still.snow) << "snow's shading and its grey-ramp clear";
    EXPECT_EQ(still.position, snow.position);
    EXPECT_EQ(still.radius, snow.radius);
    advanceReference(still);
    EXPECT_EQ(still.position, snow.position) << "a still frame";
    HostImage a(160, 120), b(160, 120);
    renderReferenceSequential(snow, a);
    renderReferenceSequential(still, b);
    EXPECT_EQ(a.pixels, b.pixels);
    // The flakes fill the picture by then: most pixels are not the grey ramp an empty frame shows.
    CircleSet empty = generateCircles("snow", 0);
    HostImage clear(160, 120);
    renderReferenceSequential(empty, clear);
    long differing = 0;
    for (std::size_t i = 0; i < a.pixels.size(); i += 4) differing += a.pixels[i] != clear.pixels[i];
    EXPECT_GT(differing, 160 * 120 / 2);
}

class ParallelMatchesSequential : public ::testing::TestWithParam<const char*> {};

TEST_P(ParallelMatchesSequential, BitForBit) {
    CircleSet set = generateCircles(GetParam(), 0);
    HostImage a(203, 117), b(203, 117);  // odd sizes: bands do not divide evenly
    renderReferenceSequential(set, a);
    renderReferenceParallel(set, b);
    EXPECT_EQ(a.pixels, b.pixels);
}

INSTANTIATE_TEST_SUITE_P(Scenes, ParallelMatchesSequential,
                         ::testing::Values("rgb", "rgby", "pattern", "rand10k", "biglittle", "hypnosis"));

TEST(CircleAnimation, BouncingBallsFallUnderGravity) {
    CircleSet set = generateCircles("bouncingballs", 0);
    float y0 = set.position[1], v0 = set.velocity[1];
    advanceReference(set);
    // v1 = v0 + g*dt with g = -2.8, dt = 1/60; y1 = y0 + v1*dt (the ball starts above the floor)
    float v1 = v0 - 2.8f / 60.f;
    EXPECT_NEAR(set.velocity[1], v1, 1e-6);
    EXPECT_NEAR(set.position[1], y0 + v1 / 60.f, 1e-6);
}

TEST(CircleAnimation, HypnosisRingsGrowAndWrap) {
    CircleSet set = generateCircles("hypnosis", 0);
    EXPECT_FLOAT_EQ(set.radius[0], .02f);
    advanceReference(set);
    EXPECT_FLOAT_EQ(set.radius[0], .03f);
    for (int i = 0; i < 60; ++i) advanceReference(set);
    for (float r : set.radius) {
        EXPECT_GE(r, .02f);
        EXPECT_LE(r, .52f);
    }
}
