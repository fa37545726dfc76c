// The visibility rules (racelab visibility --rule) on hand-made configurations where they disagree, each
// expectation worked out by hand in the comment above it; then the CPU BVH against brute force for every rule
// on procedural meshes, and the check that makes that equality hold for any tree (the GPU's LBVH too).
#include <gtest/gtest.h>

#include <algorithm>

#include "scenes/mesh/cpu_bvh.hpp"
#include "scenes/mesh/mesh_reference.hpp"
#include "scenes/mesh/procedural_meshes.hpp"
#include "scenes/mesh/visibility_rules.hpp"

using namespace racelab;
using namespace racelab::mesh;

namespace {

// Every rule with its preset epsilon, as a segment (--segment) and as a ray (--ray).
VisibilityRule rule(const std::string& name, bool segment, const std::string& epsilon = "") {
    return makeVisibilityRule(name, epsilon, segment, !segment);
}

// The triangle A(0,0,0) B(1,0,0) C(0,1,0) in the plane z = 0: e1 = (1,0,0), e2 = (0,1,0).
const Vec3 A{0, 0, 0}, B{1, 0, 0}, C{0, 1, 0};

// The rule's answer for one triangle, and the same through the whole reference: a mesh of that triangle plus
// the target as a fourth vertex, by the CPU BVH and by brute force (which must agree with the formula).
bool blocks(const VisibilityRule& r, Vec3 origin, Vec3 target, Vec3 a = A, Vec3 b = B, Vec3 c = C) {
    const bool formula = ruleBlocks(r, origin, target, subRn(target, origin), a, b, c);
    Mesh m;
    m.vertices = {a, b, c, target};
    m.indices = {0, 1, 2};
    CpuBvh bvh(m);
    std::vector<std::uint8_t> viaBvh, viaBrute;
    visibilityReference(m, bvh, origin, viaBvh, false, CpuMethod::Bvh, r);
    visibilityReference(m, bvh, origin, viaBrute, false, CpuMethod::Brute, r);
    EXPECT_EQ(viaBvh[3], formula) << describeVisibilityRule(r);
    EXPECT_EQ(viaBrute[3], formula) << describeVisibilityRule(r);
    return formula;
}

}  // namespace

TEST(VisibilityRules, PresetsAndOverrides) {
    VisibilityRule g = makeVisibilityRule("geometric", "", false, false);
    EXPECT_EQ(g.kind, VisibilityRuleKind::Geometric);
    EXPECT_EQ(static_cast<float>(g.epsilon), kSegmentEpsilon);  // today's rule, unchanged
    EXPECT_TRUE(g.segment);
    VisibilityRule w = makeVisibilityRule("writeup", "", false, false);
    EXPECT_EQ(w.kind, VisibilityRuleKind::Writeup);
    EXPECT_EQ(w.epsilon, 1e-7);
    EXPECT_FALSE(w.segment);  // the write-up's test is a ray test
    EXPECT_TRUE(makeVisibilityRule("writeup", "", true, false).segment);
    VisibilityRule m = makeVisibilityRule("margin", "0.25", false, true);
    EXPECT_EQ(m.kind, VisibilityRuleKind::Margin);
    EXPECT_EQ(m.epsilon, .25);
    EXPECT_FALSE(m.segment);
    EXPECT_EQ(makeVisibilityRule("margin", "0", false, false).epsilon, 0.0);  // 0 is allowed
    EXPECT_EQ(describeVisibilityRule(w), "writeup, epsilon 1e-07, ray (no upper bound on t)");
}

// Origin (.25,.25,2), target (.25,.25,1): d = (0,0,-1), the triangle lies at z = 0, beyond the vertex.
// h = d x e2 = (1,0,0), det = e1.h = 1, s = (.25,.25,2): u = s.h = .25; q = s x e1 = (0,2,-.25): v = d.q = .25,
// t = e2.q = 2. As a ray (writeup's default) t = 2 > 1e-7 blocks; as a segment 1 - t = -1 does not; margin is a
// segment (1 - t > 1e-5 fails) unless --ray; geometric needs t < 1 - 1e-4 unless --ray.
TEST(VisibilityRules, TriangleBehindTheVertexBlocksOnlyARay) {
    const Vec3 origin{.25f, .25f, 2.f}, target{.25f, .25f, 1.f};
    EXPECT_TRUE(blocks(makeVisibilityRule("writeup", "", false, false), origin, target));
    EXPECT_FALSE(blocks(rule("writeup", true), origin, target));
    EXPECT_FALSE(blocks(makeVisibilityRule("margin", "", false, false), origin, target));
    EXPECT_TRUE(blocks(rule("margin", false), origin, target));
    EXPECT_FALSE(blocks(makeVisibilityRule("geometric", "", false, false), origin, target));
    EXPECT_TRUE(blocks(rule("geometric", false), origin, target));
}

// A triangle of area 1e-12: a = 0, b = (1e-6,0,0), c = (0,2e-6,0), crossed at (2e-7,4e-7,0) by the segment
// from (2e-7,4e-7,1) to (2e-7,4e-7,-1): d = (0,0,-2), h = d x e2 = (4e-6,0,0), det = 4e-12; u = v = .2, t = .5.
// margin: |det| = 4e-12 is not > 1e-5: not blocked. writeup: 4e-12 < 1e-7 misses too; geometric: below its
// 1e-9. With --epsilon 0 writeup and margin take it (every quantity > 0), geometric keeps its fixed 1e-9.
TEST(VisibilityRules, TinyTriangleInFront) {
    const Vec3 a{0, 0, 0}, b{1e-6f, 0, 0}, c{0, 2e-6f, 0};
    const Vec3 origin{2e-7f, 4e-7f, 1.f}, target{2e-7f, 4e-7f, -1.f};
    for (bool segment : {true, false}) {
        EXPECT_FALSE(blocks(rule("margin", segment), origin, target, a, b, c));
        EXPECT_FALSE(blocks(rule("writeup", segment), origin, target, a, b, c));
        EXPECT_FALSE(blocks(rule("geometric", segment), origin, target, a, b, c));
        EXPECT_TRUE(blocks(rule("margin", segment, "0"), origin, target, a, b, c));
        EXPECT_TRUE(blocks(rule("writeup", segment, "0"), origin, target, a, b, c));
        EXPECT_FALSE(blocks(rule("geometric", segment, "0"), origin, target, a, b, c));
    }
}

// Through edge AB at (.5,0,0): origin (.5,0,1), target (.5,0,-1), d = (0,0,-2): h = (2,0,0), det = 2,
// s = (.5,0,1): u = 1/2 = .5; q = s x e1 = (0,1,0): v = d.q / 2 = 0 exactly, t = e2.q / 2 = .5 (all exact in
// float). Inclusive bounds (writeup, geometric): v = 0 is inside, blocked. margin: v = 0 is not > 1e-5.
// Through vertex B the same way: u = 1, v = 0, u + v = 1 exactly: inclusive blocks, margin does not. Just
// outside the edge (y = -1e-3, v = -1e-3) nobody blocks.
TEST(VisibilityRules, SegmentThroughAnEdgeOrAVertex) {
    for (bool segment : {true, false}) {
        for (Vec3 at : {Vec3{.5f, 0.f, 0.f}, Vec3{1.f, 0.f, 0.f}, Vec3{0.f, 0.f, 0.f}, Vec3{.5f, .5f, 0.f}}) {
            const Vec3 origin{at.x, at.y, 1.f}, target{at.x, at.y, -1.f};
            EXPECT_TRUE(blocks(rule("writeup", segment), origin, target)) << at.x << "," << at.y;
            EXPECT_TRUE(blocks(rule("geometric", segment), origin, target)) << at.x << "," << at.y;
            EXPECT_FALSE(blocks(rule("margin", segment), origin, target)) << at.x << "," << at.y;
        }
        const Vec3 origin{.5f, -1e-3f, 1.f}, target{.5f, -1e-3f, -1.f};
        for (const char* name : {"writeup", "geometric", "margin"}) EXPECT_FALSE(blocks(rule(name, segment), origin, target)) << name;
    }
}

// Nearly parallel: origin (-.25,.25,2.5e-8), target (.75,.25,-2.5e-8), d = (1,0,-5e-8) crosses z = 0 at
// (.25,.25). h = d x e2 = (5e-8,0,1), det = e1.h = 5e-8; s = (-.25,.25,2.5e-8): u = (s.h)/det = 1.25e-8/5e-8 = .25;
// q = s x e1 = (0,2.5e-8,-.25): v = (d.q)/det = .25, t = (e2.q)/det = .5. writeup: |det| = 5e-8 < 1e-7, no hit;
// margin: 5e-8 is not > 1e-5; geometric only needs |det| >= 1e-9: blocked. With --epsilon 1e-8 writeup and
// margin pass the det test and block (u, v, 1-u-v, t, 1-t all clear 1e-8).
TEST(VisibilityRules, NearlyParallelSegment) {
    const Vec3 origin{-.25f, .25f, 2.5e-8f}, target{.75f, .25f, -2.5e-8f};
    for (bool segment : {true, false}) {
        EXPECT_FALSE(blocks(rule("writeup", segment), origin, target));
        EXPECT_FALSE(blocks(rule("margin", segment), origin, target));
        EXPECT_TRUE(blocks(rule("geometric", segment), origin, target));
        EXPECT_TRUE(blocks(rule("writeup", segment, "1e-8"), origin, target));
        EXPECT_TRUE(blocks(rule("margin", segment, "1e-8"), origin, target));
    }
}

// The vertex on the triangle: origin (.25,.25,1), target (.25,.25,0): d = (0,0,-1), t = 1 exactly (u = v = .25).
// margin: 1 - t = 0 is not > 1e-5; geometric: t is not < 1 - 1e-4; writeup as a segment: 1 - t = 0 is not
// > 1e-7, but as a ray t = 1 > 1e-7 blocks. A target 1e-6 below the plane: t = 1/(1 + 1e-6), 1 - t = 1e-6:
// still inside margin's 1e-5 and geometric's 1e-4, but beyond writeup's 1e-7: the segment is blocked.
TEST(VisibilityRules, VertexOnTheTriangle) {
    const Vec3 origin{.25f, .25f, 1.f};
    const Vec3 on{.25f, .25f, 0.f}, below{.25f, .25f, -1e-6f};
    EXPECT_FALSE(blocks(rule("margin", true), origin, on));
    EXPECT_FALSE(blocks(rule("geometric", true), origin, on));
    EXPECT_FALSE(blocks(rule("writeup", true), origin, on));
    EXPECT_TRUE(blocks(rule("writeup", false), origin, on));
    EXPECT_FALSE(blocks(rule("margin", true), origin, below));
    EXPECT_FALSE(blocks(rule("geometric", true), origin, below));
    EXPECT_TRUE(blocks(rule("writeup", true), origin, below));
}

// The origin on the triangle's plane far off to the side and the target beyond it: the segment lies in the
// plane, det = 0 exactly, every rule misses (and writeup with --epsilon 0 does not divide by zero).
TEST(VisibilityRules, SegmentInThePlaneNeverBlocks) {
    const Vec3 origin{-1.f, .25f, 0.f}, target{2.f, .25f, 0.f};
    for (bool segment : {true, false})
        for (const char* name : {"writeup", "geometric", "margin"}) {
            EXPECT_FALSE(blocks(rule(name, segment), origin, target)) << name;
            EXPECT_FALSE(blocks(rule(name, segment, "0"), origin, target)) << name;
        }
}

namespace {

std::vector<VisibilityRule> everyRule() {
    std::vector<VisibilityRule> rules;
    for (const VisibilityRulePreset& p : visibilityRulePresets())
        for (bool segment : {true, false}) rules.push_back(rule(p.name, segment));
    return rules;
}

std::vector<Vec3> originsFor(const Mesh& m) {
    // inside, outside off every symmetry axis, far away, and on the mesh itself (a vertex)
    return {Vec3{.05f, .1f, -.02f}, Vec3{.31f, 1.73f, 2.9f}, Vec3{2.5f, -.4f, .7f}, Vec3{-9.f, 14.f, 21.f}, m.vertices[7]};
}

}  // namespace

TEST(VisibilityRules, BvhEqualsBruteForceForEveryRule) {
    for (const Mesh& m : {icosphere(3), torus(48, 24), wavyGrid(24)}) {
        CpuBvh bvh(m);
        for (const Vec3& origin : originsFor(m))
            for (const VisibilityRule& r : everyRule()) {
                std::vector<std::uint8_t> viaBvh, viaBrute;
                visibilityReference(m, bvh, origin, viaBvh, true, CpuMethod::Bvh, r);
                visibilityReference(m, bvh, origin, viaBrute, true, CpuMethod::Brute, r);
                EXPECT_EQ(viaBvh, viaBrute) << m.name << " " << describeVisibilityRule(r) << " from " << origin.x << ","
                                            << origin.y << "," << origin.z;
            }
    }
}

// Why the equality above holds for any tree: every triangle a rule counts passes the grown box test on its
// own padded box (a leaf of the GPU's LBVH exactly; every ancestor box contains it, and the slab test only
// accepts more of a larger box). So neither tree can skip it, whatever its shape.
TEST(VisibilityRules, EveryCountedTriangleEntersItsOwnLeafBox) {
    for (const Mesh& m : {icosphere(3), torus(48, 24), wavyGrid(24)}) {
        float scale = 0.f;
        for (const Vec3& v : m.vertices) scale = std::max(scale, maxAbs(v));
        long counted = 0;
        for (const Vec3& origin : originsFor(m))
            for (const VisibilityRule& r : everyRule()) {
                const float slack = visibilityBoxSlack(origin, scale), far = visibilityBoxFar(r);
                for (const Vec3& target : m.vertices) {
                    const Vec3 d = subRn(target, origin), inv = inverse(d);
                    for (int t = 0; t < m.triangleCount(); ++t) {
                        const Vec3 a = m.corner(t, 0), b = m.corner(t, 1), c = m.corner(t, 2);
                        if (!ruleBlocks(r, origin, target, d, a, b, c)) continue;
                        ++counted;
                        Vec3 lo = glm::min(glm::min(a, b), c), hi = glm::max(glm::max(a, b), c);
                        lo = {padBelow(lo.x), padBelow(lo.y), padBelow(lo.z)};
                        hi = {padAbove(hi.x), padAbove(hi.y), padAbove(hi.z)};
                        EXPECT_TRUE(hitsGrownBox(origin, inv, lo, hi, slack, far))
                            << m.name << " " << describeVisibilityRule(r) << " triangle " << t;
                    }
                }
            }
        EXPECT_GT(counted, 10000) << m.name;  // the check saw real hits
    }
}

// Values that follow from the rules on a closed sphere (icosphere: every vertex on the unit sphere, convex).
// From the centre the segment to a vertex crosses nothing but the vertex's own triangles at t = 1: geometric
// and margin segments block none. Continued as a ray it leaves the sphere through that vertex, a corner of each
// triangle it meets (u or v = 0), which margin never counts: margin blocks none as a ray either. From far away
// about half the sphere faces away; the back half is blocked by the front surface under every rule, so margin
// (which only drops hits within 1e-5 of an edge or an end) is within a few vertices of geometric, and the
// writeup ray, which also counts what lies beyond the vertex, blocks at least as many.
TEST(VisibilityRules, ClosedSphereCounts) {
    const Mesh sphere = icosphere(3);
    CpuBvh bvh(sphere);
    auto count = [&](Vec3 origin, const VisibilityRule& r) {
        std::vector<std::uint8_t> blocked;
        visibilityReference(sphere, bvh, origin, blocked, true, CpuMethod::Bvh, r);
        return static_cast<long>(std::count(blocked.begin(), blocked.end(), 1));
    };
    EXPECT_EQ(count({0, 0, 0}, rule("geometric", true)), 0);
    EXPECT_EQ(count({0, 0, 0}, rule("margin", true)), 0);
    EXPECT_EQ(count({0, 0, 0}, rule("margin", false)), 0);
    const Vec3 far{3.1f, 7.3f, 50.f};
    const long n = static_cast<long>(sphere.vertices.size());
    const long geometric = count(far, rule("geometric", true)), margin = count(far, rule("margin", true));
    const long writeupRay = count(far, rule("writeup", false));
    EXPECT_NEAR(static_cast<double>(geometric) / n, .5, .1);
    EXPECT_NEAR(margin, geometric, n / 50);
    EXPECT_GE(writeupRay, geometric);
}
