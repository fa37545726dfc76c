// The planes' CPU reference: both blend formulas on hand-made 2x2 planes, order, anti-aliased coverage,
// generation, and OpenMP against the sequential definition.
#include <gtest/gtest.h>

#include <vector>

#include "core/errors.hpp"
#include "scenes/planes/plane_reference.hpp"
#include "scenes/planes/plane_spec.hpp"

using namespace racelab;
using namespace racelab::planes;

namespace {

// Two 2x2 planes; every pixel of plane k gets colour `pixels[k]`.
std::vector<std::uint8_t> twoPlanes(const std::uint8_t a[4], const std::uint8_t b[4]) {
    std::vector<std::uint8_t> planes(2 * 2 * 2 * 4);
    for (int i = 0; i < 4; ++i)
        for (int c = 0; c < 4; ++c) planes[4 * i + c] = a[c], planes[16 + 4 * i + c] = b[c];
    return planes;
}

PlaneSettings still(BlendMode mode) {
    PlaneSettings s;
    s.planes = 2;
    s.blend = mode;
    s.speed = 0.f;  // no scrolling: plane pixel (x, y) lands on output pixel (x, y)
    return s;
}

}  // namespace

TEST(PlanesBlend, SeedFormulaOnAllFourChannels) {
    const std::uint8_t red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 102};
    auto planes = twoPlanes(red, blue);
    HostImage out(2, 2);
    compositeReference(still(BlendMode::Seed), planes.data(), 0, out, false);
    // result = 0 -> .5 * red = (.5, 0, 0, .5) -> .25 red + .5 blue = (.25, 0, .5, .25 + .5 * .4 = .45)
    const std::uint8_t* p = out.at(1, 1);
    EXPECT_EQ(p[0], 64);   // .25 * 255 = 63.75
    EXPECT_EQ(p[1], 0);
    EXPECT_EQ(p[2], 128);  // .5 * 255 = 127.5
    EXPECT_EQ(p[3], 115);  // .45 * 255 = 114.75
}

TEST(PlanesBlend, OverWithEachPixelsAlphaShownOverWhite) {
    const std::uint8_t red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 51};  // blue at alpha .2 on top
    auto planes = twoPlanes(red, blue);
    HostImage out(2, 2);
    compositeReference(still(BlendMode::Over), planes.data(), 0, out, false);
    // premultiplied: red opaque -> C = (1,0,0), A = 1; blue .2 over it -> C = (.8, 0, .2), A = 1; white adds 0
    const std::uint8_t* p = out.at(0, 0);
    EXPECT_EQ(p[0], 204);
    EXPECT_EQ(p[1], 0);
    EXPECT_EQ(p[2], 51);
    EXPECT_EQ(p[3], 255);
    // a half-transparent plane alone over white: C = .5 * (0, 1, 0), A = .5 -> (.5, 1, .5)
    const std::uint8_t clear[4] = {0, 0, 0, 0}, green[4] = {0, 255, 0, 128};
    auto single = twoPlanes(clear, green);
    compositeReference(still(BlendMode::Over), single.data(), 0, out, false);
    EXPECT_EQ(out.at(0, 1)[0], 127);  // 1 - 128/255 = .498 -> 127
    EXPECT_EQ(out.at(0, 1)[1], 255);
}

TEST(PlanesBlend, OrderMatters) {
    const std::uint8_t red[4] = {255, 0, 0, 200}, blue[4] = {0, 0, 255, 200};
    for (BlendMode mode : {BlendMode::Seed, BlendMode::Over}) {
        auto forward = twoPlanes(red, blue), backward = twoPlanes(blue, red);
        HostImage a(2, 2), b(2, 2);
        compositeReference(still(mode), forward.data(), 0, a, false);
        compositeReference(still(mode), backward.data(), 0, b, false);
        EXPECT_NE(a.pixels, b.pixels) << "mode " << static_cast<int>(mode);
        EXPECT_GT(a.at(0, 0)[2], a.at(0, 0)[0]);  // the last plane (blue) dominates
    }
}

TEST(PlanesCoverage, SymmetricAndWithinUnitInterval) {
    PlaneCircle c{50.f, 40.f, 10.f, 1, 1, 1, 1};
    EXPECT_FLOAT_EQ(coverage(50.f, 40.f, c, 1000.f, 1000.f), 1.f);
    EXPECT_FLOAT_EQ(coverage(50.f + 10.f, 40.f, c, 1000.f, 1000.f), .5f);  // on the edge: half covered
    EXPECT_FLOAT_EQ(coverage(50.f + 11.f, 40.f, c, 1000.f, 1000.f), 0.f);
    for (float d = 0.f; d < 14.f; d += .37f)
        for (float angle = 0.f; angle < 6.3f; angle += .5f) {
            float v = coverage(50.f + d * std::cos(angle), 40.f + d * std::sin(angle), c, 1000.f, 1000.f);
            EXPECT_GE(v, 0.f);
            EXPECT_LE(v, 1.f);
            EXPECT_NEAR(v, coverage(50.f - d * std::cos(angle), 40.f - d * std::sin(angle), c, 1000.f, 1000.f), 1e-5f);
            EXPECT_NEAR(v, coverage(50.f + d, 40.f, c, 1000.f, 1000.f), 1e-5f);  // depends on the distance only
        }
}

TEST(PlanesCoverage, WrapsAroundThePlaneEdges) {
    PlaneCircle c{1.f, 1.f, 3.f, 1, 1, 1, 1};
    // a pixel just across the left/bottom edge of a 64x48 plane is as close as its mirror on this side
    EXPECT_FLOAT_EQ(coverage(63.5f, 1.f, c, 64.f, 48.f), coverage(2.5f, 1.f, c, 64.f, 48.f));
    EXPECT_FLOAT_EQ(coverage(1.f, 47.5f, c, 64.f, 48.f), coverage(1.f, 2.5f, c, 64.f, 48.f));
    EXPECT_GT(coverage(63.5f, 47.5f, c, 64.f, 48.f), 0.f);
}

TEST(PlanesGeneration, OpenMpEqualsSequentialExactly) {
    PlaneSettings s;
    s.planes = 12;
    s.circlesPerPlane = 30;
    s.radiusMin = 2.f, s.radiusMax = 9.f;
    const int w = 97, h = 61;
    std::vector<std::uint8_t> a(planeBytes(s, w, h)), b(planeBytes(s, w, h));
    generatePlanesReference(s, w, h, a.data(), false);
    generatePlanesReference(s, w, h, b.data(), true);
    EXPECT_EQ(a, b);
    long opaque = 0, transparent = 0;
    for (std::size_t i = 3; i < a.size(); i += 4) (a[i] == 0 ? transparent : opaque)++;
    EXPECT_GT(opaque, 0);
    EXPECT_GT(transparent, 0);  // circles on a transparent background
    for (long frame : {0L, 5L, 123L}) {
        HostImage x(w, h), y(w, h);
        compositeReference(s, a.data(), frame, x, false);
        compositeReference(s, a.data(), frame, y, true);
        EXPECT_EQ(x.pixels, y.pixels) << "frame " << frame;
    }
}

TEST(PlanesGeneration, ScrollingMovesPlanesWithWrapAround) {
    PlaneSettings s;
    s.planes = 3;
    s.speed = 3.f;
    int ox0, oy0, ox1, oy1;
    planeOffset(s, 2, 0, 64, 48, 4, ox0, oy0);
    planeOffset(s, 2, 50, 64, 48, 4, ox1, oy1);
    EXPECT_EQ(ox0, 0);
    EXPECT_EQ(oy0, 0);
    EXPECT_TRUE(ox1 != 0 || oy1 != 0);
    EXPECT_EQ(ox1 % 4, 0);
    EXPECT_GE(ox1, 0);
    EXPECT_LT(ox1, 64);
    EXPECT_LT(oy1, 48);
}

TEST(PlanesSettings, BadValuesAreRefused) {
    PlaneSettings s;
    s.planes = 0;
    EXPECT_THROW(validateSettings(s), UsageError);
    s.planes = kMaxPlanes + 1;
    EXPECT_THROW(validateSettings(s), UsageError);
    s.planes = 4;
    s.circlesPerPlane = -1;
    EXPECT_THROW(validateSettings(s), UsageError);
    s.circlesPerPlane = 5;
    s.radiusMin = 10, s.radiusMax = 5;
    EXPECT_THROW(validateSettings(s), UsageError);
    s.radiusMax = 20;
    s.alpha = 1.5f;
    EXPECT_THROW(validateSettings(s), UsageError);
    EXPECT_THROW(requireHostMemory(std::size_t(1) << 60, "a test"), Error);
}
