// The mesh on the GPU: frames (LBVH and brute) equal the CPU reference except rays grazing an edge, also from
// three sides in every shading for the LBVH, visibility equals the CPU reference (from three origins for the
// LBVH), and the racy tiles differ from the good ones.
#include <gtest/gtest.h>

#include <filesystem>

#include "frame/offline_frame.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_compare.hpp"
#include "gpu_test_support.hpp"
#include "scenes/mesh/mesh_catalog.hpp"
#include "scenes/mesh/mesh_reference.hpp"
#include "scenes/mesh/mesh_scene.hpp"

using namespace racelab;
using namespace racelab::mesh;

namespace {

std::vector<std::string> meshesHere() {
    std::vector<std::string> names = {"icosphere", "torus", "grid"};
    for (const char* real : {"bunny", "dragon"})
        if (std::filesystem::exists(meshAssetPath(findMeshEntry(real)->file))) names.push_back(real);
    return names;
}

}  // namespace

class MeshFrameMatches : public ::testing::TestWithParam<std::tuple<std::string, std::string, int>> {};

TEST_P(MeshFrameMatches, GpuEqualsCpuExceptGrazingRays) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    auto [name, variant, shading] = GetParam();
    SceneOptions options;
    MeshScene scene(name, options);
    scene.setParameter("shading", std::to_string(shading));
    CudaStream stream;
    advanceTo(scene, 20, stream.get());  // orbit a little: not the default view only
    HostImage gpu = renderOffline(scene, scene.variantIndex(variant), {320, 200}, stream.get());
    HostImage cpu(320, 200);
    scene.renderReference(cpu, true);
    ImageComparison r = compareImages(gpu, cpu, scene.checkRule().channelTolerance, nullptr, scene.referenceAmbiguity());
    EXPECT_EQ(r.differingPixels, 0) << name << " " << variant << " shading " << shading << ": largest difference "
                                    << r.maxChannelDifference << "; grazing rays apart: " << r.differingIgnored;
}

INSTANTIATE_TEST_SUITE_P(Meshes, MeshFrameMatches,
                         ::testing::Combine(::testing::ValuesIn(meshesHere()), ::testing::Values("good", "brute"),
                                            ::testing::Values(0, 1, 3)),
                         [](const auto& info) {
                             return std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_shading" +
                                    std::to_string(std::get<2>(info.param));
                         });

TEST(MeshVisibility, GpuEqualsCpu) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    for (const std::string& name : meshesHere()) {
        SceneOptions options;
        MeshScene scene(name, options);
        const Vec3 origin = scene.view().origin;
        std::vector<std::uint8_t> cpu, lbvh, brute;
        visibilityReference(scene.mesh(), scene.cpuBvh(), origin, cpu, true);
        CudaStream stream;
        scene.gpuVisibility(origin, scene.variantIndex("good"), lbvh, stream.get());
        scene.gpuVisibility(origin, scene.variantIndex("brute"), brute, stream.get());
        long differ = 0, grazing = 0;
        for (std::size_t i = 0; i < cpu.size(); ++i) {
            bool graze = scene.cpuBvh().grazesEdge(origin, subRn(scene.mesh().vertices[i], origin), 0.f, 1.f - kSegmentEpsilon);
            if (lbvh[i] != cpu[i] || brute[i] != cpu[i]) {
                (graze ? grazing : differ)++;
                if (!graze)
                    ADD_FAILURE() << name << " vertex " << i << ": cpu " << int(cpu[i]) << " lbvh " << int(lbvh[i]) << " brute "
                                  << int(brute[i]) << " cpu brute "
                                  << anyHitBrute(scene.mesh(), origin, subRn(scene.mesh().vertices[i], origin), 0.f, 1.f - kSegmentEpsilon);
            }
        }
        EXPECT_EQ(differ, 0) << name << " (grazing segments apart: " << grazing << ")";
        EXPECT_EQ(scene.gpuTraversalOverflows(stream.get()), 0u) << name;
    }
}

TEST(MeshRacy, BadTilesDifferFromGood) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    MeshScene scene("grid", options);
    CudaStream stream;
    HostImage good = renderOffline(scene, scene.variantIndex("good"), {512, 512}, stream.get());
    long worst = 0;
    for (int attempt = 0; attempt < 5 && worst == 0; ++attempt) {
        HostImage bad = renderOffline(scene, scene.variantIndex("bad"), {512, 512}, stream.get());
        worst = compareImages(bad, good, 0.f).differingPixels;
    }
    EXPECT_GT(worst, 0) << "the tiles without barriers gave the good mask five times";
}

// The LBVH (good) from three sides of each mesh against the CPU reference, in all four shadings: the hit mask
// (any hit), the depth (closest t), the normal and the triangle id, by the check's rule (depth rounding within
// 2 a channel; rays grazing an edge, where two triangles meet the ray at the same t, apart). Then visibility
// from a point inside the mesh and one far outside it (MeshVisibility has the default origin), flag for flag
// with the CPU reference, grazing segments apart. The traversal may not run out of stack.
class MeshLbvhFromThreeSides : public ::testing::TestWithParam<std::string> {};

TEST_P(MeshLbvhFromThreeSides, EqualsCpu) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    MeshScene scene(GetParam(), options);
    scene.setParameter("orbit-speed", "2");
    CudaStream stream;
    const int good = scene.variantIndex("good");
    const Size2 size{320, 200};
    for (int view = 0; view < 3; ++view) {
        advanceTo(scene, view == 0 ? 0 : 40, stream.get());  // about 1.3 rad of orbit between views
        for (int shading : {0, 1, 2, 3}) {
            scene.setParameter("shading", std::to_string(shading));
            const HostImage gpu = renderOffline(scene, good, size, stream.get());
            HostImage cpu(size.width, size.height);
            scene.renderReference(cpu, true);  // marks this view's grazing rays
            const ImageComparison r =
                compareImages(gpu, cpu, scene.checkRule().channelTolerance, nullptr, scene.referenceAmbiguity());
            EXPECT_EQ(r.differingPixels, 0) << GetParam() << " view " << view << " shading " << shading
                                            << ": largest difference " << r.maxChannelDifference
                                            << "; grazing rays apart: " << r.differingIgnored;
        }
    }
    const Bounds b = boundsOf(scene.mesh());
    for (const Vec3& origin : {b.centre() + Vec3{.05f, .1f, -.02f} * b.radius(), b.centre() + Vec3{.31f, 1.73f, 2.9f} * b.radius()}) {
        std::vector<std::uint8_t> cpu, gpu;
        visibilityReference(scene.mesh(), scene.cpuBvh(), origin, cpu, true);
        scene.gpuVisibility(origin, good, gpu, stream.get());
        ASSERT_EQ(gpu.size(), cpu.size());
        long differ = 0, grazing = 0, blocked = 0;
        for (std::size_t i = 0; i < cpu.size(); ++i) {
            blocked += cpu[i] != 0;
            if (gpu[i] == cpu[i]) continue;
            const Vec3 d = subRn(scene.mesh().vertices[i], origin);
            (scene.cpuBvh().grazesEdge(origin, d, 0.f, 1.f - kSegmentEpsilon) ? grazing : differ)++;
        }
        EXPECT_EQ(differ, 0) << GetParam() << " visibility from " << origin.x << "," << origin.y << "," << origin.z
                             << " (grazing segments apart: " << grazing << "; blocked on the CPU: " << blocked << ")";
    }
    EXPECT_EQ(scene.gpuTraversalOverflows(stream.get()), 0u) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Meshes, MeshLbvhFromThreeSides, ::testing::ValuesIn(meshesHere()),
                         [](const auto& info) { return info.param; });
