// The bumpy cube-sphere generator (the mesh/bumpy1M and mesh/bumpy10M presets): exact counts, a closed and
// consistently wound surface, vertex indices that invert, radii within the stated bounds, the formulas against
// a double-precision restatement, and the same bits on every run (sequential or OpenMP); the preset on the cpu
// backend, and the brute variants refusing millions of triangles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <utility>

#include "core/errors.hpp"
#include "scenes/mesh/bumpy_sphere.hpp"
#include "scenes/mesh/bumpy_sphere_formulas.hpp"
#include "scenes/mesh/cpu_bvh.hpp"
#include "scenes/mesh/mesh_catalog.hpp"
#include "scenes/mesh/mesh_scene.hpp"
#include "scenes/scene_registry.hpp"

using namespace racelab;
using namespace racelab::mesh;

namespace {

bool sameBits(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0;
}

// The formulas again in double, written plainly: the float generator must stay within a few float roundings.
double wave(double t) {
    const double f = t - std::floor(t);
    return 4 * f * (1 - f);
}
double octave(double x, double y, double z, double k, double phase) {
    return wave(k * (x + .5 * y) + phase) * wave(k * (y - .3 * z) + 1.7 * phase) * wave(k * (z + .4 * x) + 2.3 * phase);
}

}  // namespace

TEST(BumpySphere, ExactCounts) {
    for (int n : {1, 2, 3, 7, 20}) {
        SCOPED_TRACE(n);
        const Mesh m = bumpySphere(n);
        EXPECT_EQ(m.triangleCount(), 12 * n * n);
        EXPECT_EQ(static_cast<long>(m.vertices.size()), 6L * n * n + 2);
        EXPECT_EQ(bumpyTriangleCount(n), 12L * n * n);
        EXPECT_EQ(bumpyVertexCount(n), 6L * n * n + 2);
        std::vector<int> uses(m.vertices.size(), 0);
        for (std::uint32_t i : m.indices) {
            ASSERT_LT(i, m.vertices.size());
            ++uses[i];
        }
        // every vertex is a corner of some triangle: 3 (at some cube corners) to 6 triangles meet at each
        EXPECT_GE(*std::min_element(uses.begin(), uses.end()), 3);
        EXPECT_LE(*std::max_element(uses.begin(), uses.end()), 6);
    }
    // the presets: 12 n^2 nearest 1 M and 10 M
    EXPECT_EQ(bumpyTriangleCount(findMeshEntry("bumpy1M")->bumpyCells), 1'002'252);
    EXPECT_EQ(bumpyTriangleCount(findMeshEntry("bumpy10M")->bumpyCells), 10'002'828);
    EXPECT_EQ(bumpyVertexCount(913), 5'001'416);
}

TEST(BumpySphere, IndicesInvertAndCoverTheCubeSurface) {
    const int n = 5;
    for (std::uint32_t v = 0; v < bumpyVertexCount(n); ++v) {
        int i, j, k;
        bumpyLatticePoint(v, n, i, j, k);
        ASSERT_TRUE(i == 0 || i == n || j == 0 || j == n || k == 0 || k == n) << v << " is not on the cube's surface";
        ASSERT_TRUE(i >= 0 && i <= n && j >= 0 && j <= n && k >= 0 && k <= n) << v;
        ASSERT_EQ(bumpyIndex(i, j, k, n), v) << i << " " << j << " " << k;
    }
    // (n+1)^3 - (n-1)^3 surface points, each with its own index (the inverse above makes the map one-to-one)
    EXPECT_EQ(bumpyVertexCount(n), (n + 1) * (n + 1) * (n + 1) - (n - 1) * (n - 1) * (n - 1));
}

TEST(BumpySphere, ClosedAndConsistentlyWound) {
    for (int n : {1, 4, 9}) {
        SCOPED_TRACE(n);
        const Mesh m = bumpySphere(n);
        std::map<std::pair<std::uint32_t, std::uint32_t>, int> directed, undirected;
        for (int t = 0; t < m.triangleCount(); ++t) {
            const std::uint32_t* c = &m.indices[3 * static_cast<std::size_t>(t)];
            ASSERT_TRUE(c[0] != c[1] && c[1] != c[2] && c[0] != c[2]) << "degenerate triangle " << t;
            for (int e = 0; e < 3; ++e) {
                const std::uint32_t a = c[e], b = c[(e + 1) % 3];
                ++directed[{a, b}];
                ++undirected[{std::min(a, b), std::max(a, b)}];
            }
        }
        for (const auto& [edge, count] : undirected) ASSERT_EQ(count, 2) << "edge " << edge.first << "-" << edge.second;
        // each edge once in each direction: the neighbours agree on the winding
        for (const auto& [edge, count] : directed) ASSERT_EQ(count, 1) << "edge " << edge.first << "->" << edge.second;
        // a sphere: V - E + F = 2
        EXPECT_EQ(static_cast<long>(m.vertices.size()) - static_cast<long>(undirected.size()) + m.triangleCount(), 2);
        // wound outward: the signed volume is positive and lies between the spheres of the smallest and largest
        // radius (the cube-sphere's flat faces cut inside the sphere, so only the upper bound is tight)
        double volume = 0;
        for (int t = 0; t < m.triangleCount(); ++t) {
            const Vec3d a(m.corner(t, 0)), b(m.corner(t, 1)), c(m.corner(t, 2));
            volume += glm::dot(a, glm::cross(b, c)) / 6.0;
        }
        const double pi = 3.14159265358979;
        EXPECT_GT(volume, 0.0);
        EXPECT_LT(volume, 4.0 / 3.0 * pi * std::pow(1.0 + kBumpAmplitude, 3));
        if (n >= 9) EXPECT_GT(volume, 4.0 / 3.0 * pi * std::pow(1.0 - kBumpAmplitude, 3) * .95);
    }
}

TEST(BumpySphere, RadiiWithinTheStatedBoundsAndBumpy) {
    const Mesh m = bumpySphere(40);
    double lo = 10, hi = 0;
    for (const Vec3& v : m.vertices) {
        const double r = glm::length(Vec3d(v));
        lo = std::min(lo, r), hi = std::max(hi, r);
    }
    EXPECT_GE(lo, 1.0 - kBumpAmplitude - 1e-6);
    EXPECT_LE(hi, 1.0 + kBumpAmplitude + 1e-6);
    // the bumps use most of their range: the tree has depth to sort out, not one thin shell
    EXPECT_GT(hi - lo, 1.2 * kBumpAmplitude) << "radii " << lo << " .. " << hi;
}

TEST(BumpySphere, FloatFormulasMatchADoubleRestatement) {
    const int n = 37;
    const std::vector<Vec3> vertices = bumpySphereVertices(n);
    double worst = 0;
    for (std::uint32_t v = 0; v < vertices.size(); ++v) {
        int i, j, k;
        bumpyLatticePoint(v, n, i, j, k);
        const Vec3d c(-1 + 2.0 * i / n, -1 + 2.0 * j / n, -1 + 2.0 * k / n);
        const Vec3d d = c / glm::length(c);
        const double b = .55 * octave(d.x, d.y, d.z, 2.5, .13) + .30 * octave(d.x, d.y, d.z, 7, .41) +
                         .15 * octave(d.x, d.y, d.z, 19, .77);
        const Vec3d expected = d * (1 + double(kBumpAmplitude) * (2 * b - 1));
        worst = std::max(worst, glm::length(expected - Vec3d(vertices[v])));
    }
    // float rounding through about 40 operations, the steepest wave's slope (4 x 19) included
    EXPECT_LT(worst, 2e-5) << "largest distance from the double-precision formula";
}

TEST(BumpySphere, DeterministicSequentialOrParallel) {
    const int n = 60;
    const std::vector<Vec3> parallel = bumpySphereVertices(n, true), again = bumpySphereVertices(n, true);
    const std::vector<Vec3> sequential = bumpySphereVertices(n, false);
    EXPECT_TRUE(sameBits(parallel, again));
    EXPECT_TRUE(sameBits(parallel, sequential));
    EXPECT_EQ(bumpySphereIndices(n, true), bumpySphereIndices(n, false));
    // and the mesh has the vertex the formula gives: (n, n/2, n/2) is the +x axis, radius from the bump field
    const Vec3 onAxis = parallel[bumpyIndex(n, n / 2, n / 2, n)];
    EXPECT_EQ(onAxis.y, 0.f);
    EXPECT_EQ(onAxis.z, 0.f);
    EXPECT_EQ(onAxis.x, 1.f + kBumpAmplitude * (2.f * bumpField(Vec3{1, 0, 0}) - 1.f));
}

TEST(BumpySphere, OutOfRangeCellsRefused) {
    EXPECT_THROW(bumpySphereIndices(0), UsageError);
    EXPECT_THROW(bumpySphereVertices(kMaxBumpyCells + 1), UsageError);
}

TEST(BumpySphere, RaysThroughTheCentreHitAndTheBvhAgreesWithBruteForce) {
    const Mesh m = bumpySphere(12);
    const CpuBvh bvh(m);
    int checked = 0;
    for (int s = 0; s < 64; ++s) {
        // from outside every bump, aimed at the centre: a closed surface is always hit, first near radius 1
        const double a = .1 + s * .37, b = .2 + s * .53;
        const Vec3 origin{float(3 * std::cos(a) * std::sin(b)), float(3 * std::cos(b)), float(3 * std::sin(a) * std::sin(b))};
        const Vec3 towards = Vec3{0, 0, 0} - origin;
        const ClosestHit hit = bvh.closestHit(origin, towards, 0.f, 1e30f);
        const ClosestHit brute = closestHitBrute(m, origin, towards, 0.f, 1e30f);
        ASSERT_TRUE(hit.hit) << s;
        EXPECT_EQ(hit.t, brute.t) << s;
        const double distance = 3.0 * (1.0 - hit.t);  // |towards| = 3: the hit's distance from the centre
        EXPECT_GE(distance, 1.0 - kBumpAmplitude - 1e-4);
        EXPECT_LE(distance, 1.0 + kBumpAmplitude + 1e-4);
        // pointing away from the sphere: nothing
        EXPECT_FALSE(bvh.anyHit(origin, -towards, 0.f, 1e30f));
        ++checked;
    }
    EXPECT_EQ(checked, 64);
}

TEST(BumpyPreset, GeneratedOnTheCpuBackendAndSaysSo) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    MeshScene scene("bumpy1M", options);
    EXPECT_EQ(scene.name(), "mesh/bumpy1M");
    EXPECT_EQ(scene.mesh().triangleCount(), 1'002'252);
    EXPECT_EQ(scene.mesh().vertices.size(), 501'128u);
    const std::string stats = scene.statsLine();
    EXPECT_NE(stats.find("1002252 triangles"), std::string::npos) << stats;
    EXPECT_NE(stats.find("ms (CPU)"), std::string::npos) << stats;
    // the same vertices as the generator called directly (the scene adds nothing of its own)
    EXPECT_TRUE(sameBits(scene.mesh().vertices, bumpySphereVertices(289)));
}

TEST(BumpyPreset, BruteVariantsRefuseMillionsOfTriangles) {
    SceneOptions options;
    options.backend = Backend::Cpu;
    MeshScene scene(bumpySphere(410, "bumpy410"), options);  // 2,017,200 triangles: just over the limit
    FrameTarget target;
    try {
        scene.render(target, scene.variantIndex("brute"));
        FAIL() << "brute force over two million triangles must be refused";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("--variant good"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("2017200 triangles"), std::string::npos) << e.what();
    }
}

TEST(BumpyPreset, ListedWithTheirSizeAndKeptOutOfSoaks) {
    const PresetInfo& million = findScene("mesh/bumpy1M").preset;
    const PresetInfo& tenMillion = findScene("mesh/bumpy10M").preset;
    EXPECT_NE(million.description.find("1,002,252 triangles"), std::string::npos) << million.description;
    EXPECT_NE(tenMillion.description.find("10,002,828 triangles"), std::string::npos) << tenMillion.description;
    // seconds a frame on the CPU reference; ten million triangles too large to switch to in a soak
    EXPECT_TRUE(million.slowOnCpu && tenMillion.slowOnCpu);
    EXPECT_FALSE(million.heavy);
    EXPECT_TRUE(tenMillion.heavy);
}
