// The mesh workload at scale: the bumpy cube-sphere's vertices made on the GPU equal the CPU generator's bit for
// bit, a bumpy sphere's GPU frames equal the CPU reference's (rays grazing an edge apart, as for the bunny and
// the torus), and the 1 M-triangle preset is generated, built and drawn without error or stack overflow, its
// hit mask equal to the CPU reference's; its any-hit and closest-hit kernels hit the same pixels, within the
// bumps' analytic bounds, and its depth equals the CPU reference's.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "frame/offline_frame.hpp"
#include "scenes/gpu_half.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/mesh/bumpy_sphere.hpp"
#include "scenes/mesh/bumpy_sphere_formulas.hpp"
#include "scenes/mesh/mesh_formulas.hpp"
#include "scenes/mesh/mesh_gpu.hpp"
#include "scenes/mesh/mesh_scene.hpp"

using namespace racelab;
using namespace racelab::mesh;

namespace {

// The first vertex whose bits differ, or -1.
long firstDifference(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        if (std::memcmp(&a[i], &b[i], sizeof(Vec3)) != 0) return static_cast<long>(i);
    return a.size() == b.size() ? -1 : static_cast<long>(std::min(a.size(), b.size()));
}

// Pixels not of the background's colour (the corner's: the sphere sits in the middle of the frame).
long litPixels(const HostImage& image) {
    const std::uint8_t* background = image.at(0, 0);
    long lit = 0;
    for (std::size_t i = 0; i < image.pixels.size(); i += 4)
        lit += std::memcmp(&image.pixels[i], background, 3) != 0;
    return lit;
}

// Whether the ray of pixel (x, y) meets the ball of radius r about the origin (the bumpy sphere's centre), in
// double: the squared distance from the origin to the ray's line against r^2, with the origin ahead of the eye.
bool rayMeetsBall(const Camera& camera, int x, int y, int width, int height, double r) {
    const Vec3 d = primaryDirection(camera, x, y, width, height);
    const double dx = d.x, dy = d.y, dz = d.z, ex = camera.eye.x, ey = camera.eye.y, ez = camera.eye.z;
    const double length = std::sqrt(dx * dx + dy * dy + dz * dz);
    const double along = (ex * dx + ey * dy + ez * dz) / length;  // negative: the origin lies ahead
    return along < 0. && ex * ex + ey * ey + ez * ez - along * along <= r * r;
}

}  // namespace

TEST(MeshScale, GpuGeneratedVerticesEqualTheCpuGenerator) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (int n : {1, 7, 129}) {  // 129: 199,692 triangles, 99,848 vertices
        auto gpu = makeGpuHalf<MeshGpu>("mesh");
        CudaStream stream;
        const std::vector<Vec3> onGpu = gpu->generateBumpyVertices(n, stream.get());
        const std::vector<Vec3> onCpu = bumpySphereVertices(n);
        ASSERT_EQ(onGpu.size(), static_cast<std::size_t>(bumpyVertexCount(n))) << n;
        const long at = firstDifference(onGpu, onCpu);
        EXPECT_EQ(at, -1) << "n = " << n << ": vertex " << at << " GPU (" << onGpu[at].x << ", " << onGpu[at].y << ", "
                          << onGpu[at].z << ") CPU (" << onCpu[at].x << ", " << onCpu[at].y << ", " << onCpu[at].z << ")";
    }
}

class BumpyFrameMatches : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(BumpyFrameMatches, GpuEqualsCpuExceptGrazingRays) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto [variant, shading] = GetParam();
    SceneOptions options;
    MeshScene scene(bumpySphere(48, "bumpy48"), options);  // 27,648 triangles: brute force stays quick
    scene.setParameter("shading", std::to_string(shading));
    CudaStream stream;
    advanceTo(scene, 20, stream.get());
    HostImage gpu = renderOffline(scene, scene.variantIndex(variant), {320, 200}, stream.get());
    HostImage cpu(320, 200);
    scene.renderReference(cpu, true);
    ImageComparison r = compareImages(gpu, cpu, scene.checkRule().channelTolerance, nullptr, scene.referenceAmbiguity());
    EXPECT_EQ(r.differingPixels, 0) << variant << " shading " << shading << ": largest difference "
                                    << r.maxChannelDifference << "; grazing rays apart: " << r.differingIgnored;
    // about 9 % of the frame at the default zoom: a frame of background alone would pass the comparison too
    EXPECT_GT(litPixels(cpu), 320 * 200 / 25) << "the sphere should fill a good part of the frame";
    EXPECT_EQ(scene.gpuTraversalOverflows(stream.get()), 0u);
}

INSTANTIATE_TEST_SUITE_P(Bumpy, BumpyFrameMatches,
                         ::testing::Combine(::testing::Values("good", "brute"), ::testing::Values(0, 1, 3)),
                         [](const auto& info) {
                             return std::get<0>(info.param) + "_shading" + std::to_string(std::get<1>(info.param));
                         });

TEST(MeshScale, OneMillionTrianglePresetBuildsAndDraws) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;  // the cuda backend: the vertices are made on the GPU
    MeshScene scene("bumpy1M", options);
    EXPECT_EQ(scene.mesh().triangleCount(), 1'002'252);
    EXPECT_EQ(scene.mesh().vertices.size(), 501'128u);
    EXPECT_EQ(firstDifference(scene.mesh().vertices, bumpySphereVertices(289)), -1) << "GPU and CPU generators differ";
    CudaStream stream;
    HostImage gpu = renderOffline(scene, scene.variantIndex("good"), {640, 360}, stream.get());  // uploads, builds
    EXPECT_EQ(scene.gpuTraversalOverflows(stream.get()), 0u) << "the LBVH is deeper than the traversal's stack";
    EXPECT_NE(scene.statsLine().find("LBVH built in"), std::string::npos) << scene.statsLine();
    HostImage cpu(640, 360);
    scene.renderReference(cpu, true);  // the CPU BVH of a million triangles: a second or two
    ImageComparison r = compareImages(gpu, cpu, scene.checkRule().channelTolerance, nullptr, scene.referenceAmbiguity());
    EXPECT_EQ(r.differingPixels, 0) << "hit mask: largest difference " << r.maxChannelDifference
                                    << "; grazing rays apart: " << r.differingIgnored;
    EXPECT_GT(litPixels(gpu), 640 * 360 / 25) << "about 9 % of the frame is the sphere";
    // the bench notes name the triangle count and time the build
    BenchFacts facts;
    facts.width = 640, facts.height = 360, facts.kernelMedianMs = 1.0;
    const std::vector<std::string> notes = scene.benchNotes(facts, stream.get());
    bool rays = false, build = false;
    for (const std::string& note : notes) {
        rays = rays || (note.find("1002252 triangles") != std::string::npos && note.find("rays/s") != std::string::npos);
        build = build || note.find("LBVH build of 1002252 triangles") != std::string::npos;
    }
    EXPECT_TRUE(rays && build) << "notes: " << (notes.empty() ? "(none)" : notes.front());
}

// The million-triangle sphere's two LBVH kernels, from two sides: the any-hit mask and the closest-hit depth hit
// exactly the same pixels (both must find a hit wherever any triangle meets the ray), every hit lies within the
// bumps' outer ball and the inner ball is covered, and the depth from the second side equals the CPU reference's
// (the check's rule). No stack overflow.
TEST(MeshScale, OneMillionTrianglesMaskAndDepthAgree) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    MeshScene scene("bumpy1M", options);
    scene.setParameter("orbit-speed", "2");
    CudaStream stream;
    const int good = scene.variantIndex("good");
    const int width = 640, height = 360;
    std::uint8_t miss[4];
    shadeHit(Shading::Mask, false, 0.f, 0.f, 1.f, Vec3{}, 0u, miss);  // the background of every shading
    auto hit = [&](const HostImage& image, int x, int y) { return std::memcmp(image.at(x, y), miss, 3) != 0; };
    // The surface is closed and star-shaped about the origin with every vertex's radius within 1 -+ kBumpAmplitude;
    // a flat triangle strays inside its corners' radius by less than 1e-5 at this size (0.007 rad a triangle),
    // so 1e-3 of slack covers it and the rounding.
    const double inner = (1. - kBumpAmplitude) * (1. - 1e-3), outer = (1. + kBumpAmplitude) * (1. + 1e-3);
    for (int view = 0; view < 2; ++view) {
        advanceTo(scene, view == 0 ? 0 : 50, stream.get());  // 1.7 rad of orbit between the views
        scene.setParameter("shading", "0");
        const HostImage mask = renderOffline(scene, good, {width, height}, stream.get());
        scene.setParameter("shading", "1");
        const HostImage depth = renderOffline(scene, good, {width, height}, stream.get());
        const Camera camera = withCamera(scene.view(), width, height).camera;
        long differ = 0, hits = 0, innerPixels = 0, outerPixels = 0, outside = 0, uncovered = 0;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const bool h = hit(mask, x, y);
                const bool inInner = rayMeetsBall(camera, x, y, width, height, inner);
                const bool inOuter = rayMeetsBall(camera, x, y, width, height, outer);
                differ += h != hit(depth, x, y);
                hits += h;
                innerPixels += inInner, outerPixels += inOuter;
                outside += h && !inOuter;
                uncovered += !h && inInner;
            }
        const std::string counts = "view " + std::to_string(view) + ": " + std::to_string(hits) + " hits, " +
                                   std::to_string(innerPixels) + " rays meet the inner ball, " +
                                   std::to_string(outerPixels) + " the outer";
        EXPECT_EQ(differ, 0) << counts << "; pixels where the mask and the depth disagree on a hit: " << differ;
        EXPECT_EQ(outside, 0) << counts << "; hits outside the outer ball: " << outside;
        // a ray through a shared edge may slip between the two triangles' rounded edge tests (the frame checks
        // set such rays apart): one in a thousand is far more than that, far fewer than a lost subtree would
        EXPECT_LE(uncovered, innerPixels / 1000) << counts << "; misses inside the inner ball: " << uncovered;
        EXPECT_GT(innerPixels, width * height / 25) << counts << ": the sphere should fill a good part of the frame";
        if (view == 1) {
            HostImage cpu(width, height);
            scene.renderReference(cpu, true);  // depth, by the CPU BVH
            const ImageComparison r =
                compareImages(depth, cpu, scene.checkRule().channelTolerance, nullptr, scene.referenceAmbiguity());
            EXPECT_EQ(r.differingPixels, 0) << "depth: largest difference " << r.maxChannelDifference
                                            << "; grazing rays apart: " << r.differingIgnored;
        }
    }
    EXPECT_EQ(scene.gpuTraversalOverflows(stream.get()), 0u);
}
