// Moller-Trumbore cases, the CPU BVH against brute force, the visibility reference, and the host-side camera
// and bounds (GLM) against the unfused formulas they replaced.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "scenes/mesh/cpu_bvh.hpp"
#include "scenes/mesh/mesh_reference.hpp"
#include "scenes/mesh/procedural_meshes.hpp"

using namespace racelab;
using namespace racelab::mesh;

namespace {
const Vec3 A{0, 0, 0}, B{1, 0, 0}, C{0, 1, 0};  // triangle in the z = 0 plane
Hit shoot(Vec3 origin, Vec3 direction, Vec3 a = A, Vec3 b = B, Vec3 c = C) {
    return intersect(origin, direction, a, b, c, 0.f, 1e30f);
}
}  // namespace

TEST(MollerTrumbore, HitAndMiss) {
    Hit h = shoot({.25f, .25f, 1.f}, {0, 0, -1});
    EXPECT_TRUE(h.hit);
    EXPECT_FLOAT_EQ(h.t, 1.f);
    EXPECT_FLOAT_EQ(h.u, .25f);
    EXPECT_FLOAT_EQ(h.v, .25f);
    EXPECT_FALSE(shoot({.75f, .75f, 1.f}, {0, 0, -1}).hit);  // beyond the hypotenuse
    EXPECT_FALSE(shoot({-.1f, .2f, 1.f}, {0, 0, -1}).hit);
}

TEST(MollerTrumbore, TwoSided) { EXPECT_TRUE(shoot({.25f, .25f, -1.f}, {0, 0, 1}).hit); }

TEST(MollerTrumbore, ParallelRayMisses) {
    EXPECT_FALSE(shoot({.25f, .25f, 1.f}, {1, 0, 0}).hit);
    EXPECT_FALSE(shoot({-1.f, .25f, 0.f}, {1, 0, 0}).hit);  // in the plane: parallel too
}

TEST(MollerTrumbore, EdgesAndVerticesCount) {
    EXPECT_TRUE(shoot({.5f, 0.f, 1.f}, {0, 0, -1}).hit);   // on edge AB (v = 0)
    EXPECT_TRUE(shoot({0.f, .5f, 1.f}, {0, 0, -1}).hit);   // on edge AC (u = 0)
    EXPECT_TRUE(shoot({.5f, .5f, 1.f}, {0, 0, -1}).hit);   // on the hypotenuse (u + v = 1)
    EXPECT_TRUE(shoot({0.f, 0.f, 1.f}, {0, 0, -1}).hit);   // vertex A
    EXPECT_TRUE(shoot({1.f, 0.f, 1.f}, {0, 0, -1}).hit);   // vertex B
}

TEST(MollerTrumbore, BehindTheOriginMisses) {
    Hit h = shoot({.25f, .25f, -1.f}, {0, 0, -1});  // the triangle is behind
    EXPECT_FALSE(h.hit);
    EXPECT_FLOAT_EQ(h.t, -1.f);
}

TEST(MollerTrumbore, SegmentRange) {
    // t in (tMin, tMax): the segment stops short of the plane
    EXPECT_FALSE(intersect({.25f, .25f, 1.f}, {0, 0, -.5f}, A, B, C, 0.f, 1.f - kSegmentEpsilon).hit);
    EXPECT_TRUE(intersect({.25f, .25f, 1.f}, {0, 0, -2.f}, A, B, C, 0.f, 1.f - kSegmentEpsilon).hit);
    // the segment ends on the triangle (t = 1): a vertex's own triangles do not block it
    EXPECT_FALSE(intersect({.25f, .25f, 1.f}, {0, 0, -1.f}, A, B, C, 0.f, 1.f - kSegmentEpsilon).hit);
}

TEST(MollerTrumbore, DegenerateTriangleMisses) {
    EXPECT_FALSE(shoot({.25f, 0.f, 1.f}, {0, 0, -1}, A, B, Vec3{2, 0, 0}).hit);  // collinear corners
    EXPECT_FALSE(shoot({0.f, 0.f, 1.f}, {0, 0, -1}, A, A, A).hit);
}

TEST(CpuBvh, AgreesWithBruteForceOnRandomRays) {
    for (const Mesh& m : {icosphere(3), torus(40, 20), wavyGrid(30)}) {
        CpuBvh bvh(m);
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> u(-2.f, 2.f);
        int hits = 0;
        for (int i = 0; i < 3000; ++i) {
            Vec3 o{u(rng), u(rng), u(rng)}, target{u(rng) * .5f, u(rng) * .5f, u(rng) * .5f};
            Vec3 d = normalizeRn(subRn(target, o));
            if (bvh.grazesEdge(o, d, 0.f, 1e30f)) continue;  // a ray that may go either way
            bool brute = anyHitBrute(m, o, d, 0.f, 1e30f);
            EXPECT_EQ(bvh.anyHit(o, d, 0.f, 1e30f), brute) << m.name << " ray " << i;
            ClosestHit a = bvh.closestHit(o, d, 0.f, 1e30f), b = closestHitBrute(m, o, d, 0.f, 1e30f);
            EXPECT_EQ(a.hit, b.hit);
            if (a.hit && b.hit) EXPECT_FLOAT_EQ(a.t, b.t);
            hits += brute;
        }
        EXPECT_GT(hits, 300) << m.name;  // the test is not all misses
        EXPECT_LT(hits, 2900) << m.name;
    }
}

TEST(Visibility, FromInsideAClosedSphereEveryVertexIsVisible) {
    Mesh sphere = icosphere(2);
    CpuBvh bvh(sphere);
    std::vector<std::uint8_t> blocked;
    visibilityReference(sphere, bvh, {0.f, 0.f, 0.f}, blocked, true);
    for (std::size_t i = 0; i < blocked.size(); ++i) EXPECT_EQ(blocked[i], 0) << i;
}

TEST(Visibility, FromFarAwayAboutHalfIsHiddenAndParallelEqualsSequential) {
    Mesh sphere = icosphere(3);
    CpuBvh bvh(sphere);
    std::vector<std::uint8_t> a, b, brute;
    const Vec3 origin{3.1f, 7.3f, 50.f};  // off the mesh's symmetry axes
    const Vec3 towards = normalizeRn(origin);
    visibilityReference(sphere, bvh, origin, a, false);
    visibilityReference(sphere, bvh, origin, b, true);
    visibilityReference(sphere, bvh, origin, brute, true, CpuMethod::Brute);
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, brute);
    long hidden = 0, grazing = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        hidden += a[i];
        // Segments through a shared edge or vertex of the near side may slip through (Moller-Trumbore is
        // not watertight); those are the rays check counts apart.
        if (bvh.grazesEdge(origin, subRn(sphere.vertices[i], origin), 0.f, 1.f - kSegmentEpsilon)) {
            ++grazing;
            continue;
        }
        float facing = dotRn(sphere.vertices[i], towards);
        if (facing > .2f) EXPECT_EQ(a[i], 0);  // the near cap is visible
        if (facing < -.2f) EXPECT_EQ(a[i], 1);  // the far cap is hidden
    }
    EXPECT_LT(grazing, static_cast<long>(a.size()) / 20);  // long segments: a few are ill-conditioned
    EXPECT_NEAR(static_cast<double>(hidden) / a.size(), .5, .1);
}

TEST(MeshReference, SphereMaskHitsTheMiddleAndMissesTheCorner) {
    Mesh sphere = icosphere(3);
    CpuBvh bvh(sphere);
    MeshView view;
    view.distance = 3.f;
    HostImage image(64, 48);
    std::vector<std::uint8_t> ambiguous;
    renderMeshReference(sphere, bvh, view, image, &ambiguous, true);
    EXPECT_EQ(image.at(32, 24)[0], 255);
    EXPECT_EQ(image.at(0, 0)[0], 32);
    HostImage brute(64, 48);
    renderMeshReference(sphere, bvh, view, brute, nullptr, false, CpuMethod::Brute);
    long different = 0;
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 64; ++x)
            if (image.at(x, y)[0] != brute.at(x, y)[0] && !ambiguous[y * 64 + x]) ++different;
    EXPECT_EQ(different, 0);
}

namespace {
bool sameBits(Vec3 a, Vec3 b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }
}  // namespace

// The orbit camera and the mesh bounds are host-only set-up written with GLM (operators, glm::normalize,
// glm::cross, glm::length). Frames must not change because of that: the values must be bit for bit those of the
// one-rounding-at-a-time formulas (the Rn helpers) the camera was written with before, which holds while GLM
// spells them in the same order and the host does not fuse (-ffp-contract=off).
TEST(OrbitCamera, GlmEqualsTheUnfusedFormula) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> angle(-3.2f, 3.2f), pitch(-1.5f, 1.5f), distance(.01f, 40.f), at(-5.f, 5.f);
    for (int i = 0; i < 20000; ++i) {
        const Vec3 centre{at(rng), at(rng), at(rng)};
        const float y = angle(rng), p = pitch(rng), d = distance(rng);
        const Camera c = orbitCamera(centre, y, p, d, 640, 480);
        const Vec3 offset{mulRn(cosf(p), sinf(y)), sinf(p), mulRn(cosf(p), cosf(y))};
        const Vec3 eye = addRn(centre, scaleRn(offset, d));
        const Vec3 forward = normalizeRn(subRn(centre, eye));
        const Vec3 right = normalizeRn(crossRn(forward, Vec3{0.f, 1.f, 0.f}));
        ASSERT_TRUE(sameBits(c.eye, eye)) << i;
        ASSERT_TRUE(sameBits(c.forward, forward)) << i;
        ASSERT_TRUE(sameBits(c.right, right)) << i;
        ASSERT_TRUE(sameBits(c.up, crossRn(right, forward))) << i;
    }
    for (const Mesh& m : {icosphere(3), torus(40, 20), wavyGrid(30)}) {
        const Bounds b = boundsOf(m);
        const Vec3 d = subRn(b.hi, b.lo);
        EXPECT_TRUE(sameBits(b.centre(), scaleRn(addRn(b.lo, b.hi), .5f))) << m.name;
        EXPECT_TRUE(sameBits(b.radius(), mulRn(.5f, sqrtf(dotRn(d, d))))) << m.name;
    }
}
