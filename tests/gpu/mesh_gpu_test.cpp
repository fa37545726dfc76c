// The mesh on the GPU: frames (LBVH and brute) equal the CPU reference except rays grazing an edge,
// visibility equals the CPU reference, and the racy tiles differ from the good ones.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/offline_frame.hpp"
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
