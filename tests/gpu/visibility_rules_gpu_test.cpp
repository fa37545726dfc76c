// Every visibility rule on the GPU equals the CPU reference vertex for vertex: the LBVH (good) and the tiled
// brute force, as segments and as rays, on the procedural meshes from several origins. writeup and margin run
// the same unfused arithmetic on both sides and must agree exactly; geometric keeps the grazing-edge excuse of
// MeshVisibility.GpuEqualsCpu (mesh_gpu_test.cpp).
#include <gtest/gtest.h>

#include "core/gpu_timing.hpp"
#include "gpu_test_support.hpp"
#include "scenes/mesh/mesh_reference.hpp"
#include "scenes/mesh/mesh_scene.hpp"
#include "scenes/mesh/visibility_rules.hpp"

using namespace racelab;
using namespace racelab::mesh;

namespace {

// The scene's default origin (outside), one just off the centre (inside a closed mesh), one far off every
// symmetry axis, and a vertex of the mesh itself (segments that start on a triangle).
std::vector<Vec3> originsFor(MeshScene& scene) {
    const Bounds b = boundsOf(scene.mesh());
    const Vec3 c = b.centre();
    const float r = b.radius();
    return {scene.view().origin, c + Vec3{.05f, .1f, -.02f} * r, c + Vec3{.31f, 1.73f, 2.9f} * r, scene.mesh().vertices[7]};
}

}  // namespace

class VisibilityRulesGpu : public ::testing::TestWithParam<std::string> {};

TEST_P(VisibilityRulesGpu, GoodAndBruteEqualTheCpuForEveryRule) {
    RACELAB_REQUIRE_CUDA_DEVICE();
    SceneOptions options;
    MeshScene scene(GetParam(), options);
    CudaStream stream;
    const int good = scene.variantIndex("good"), brute = scene.variantIndex("brute");
    for (const VisibilityRulePreset& preset : visibilityRulePresets())
        for (bool segment : {true, false}) {
            const VisibilityRule rule = makeVisibilityRule(preset.name, "", segment, !segment);
            const bool excuseGrazing = rule.kind == VisibilityRuleKind::Geometric;
            const float tMax = segment ? 1.f - static_cast<float>(rule.epsilon) : 1e30f;
            for (const Vec3& origin : originsFor(scene)) {
                std::vector<std::uint8_t> cpu, lbvh, tiles;
                visibilityReference(scene.mesh(), scene.cpuBvh(), origin, cpu, true, CpuMethod::Bvh, rule);
                scene.gpuVisibility(origin, good, lbvh, stream.get(), rule);
                scene.gpuVisibility(origin, brute, tiles, stream.get(), rule);
                ASSERT_EQ(lbvh.size(), cpu.size());
                ASSERT_EQ(tiles.size(), cpu.size());
                long differ = 0, grazing = 0, blocked = 0;
                for (std::size_t i = 0; i < cpu.size(); ++i) {
                    blocked += cpu[i];
                    if (lbvh[i] == cpu[i] && tiles[i] == cpu[i]) continue;
                    const Vec3 target = scene.mesh().vertices[i];
                    if (excuseGrazing && scene.cpuBvh().grazesEdge(origin, subRn(target, origin), 0.f, tMax)) {
                        ++grazing;
                        continue;
                    }
                    if (++differ <= 5)
                        ADD_FAILURE() << GetParam() << " " << describeVisibilityRule(rule) << " vertex " << i << ": cpu "
                                      << int(cpu[i]) << " lbvh " << int(lbvh[i]) << " brute " << int(tiles[i])
                                      << " cpu brute " << visibilityBlockedBrute(scene.mesh(), rule, origin, target);
                }
                EXPECT_EQ(differ, 0) << GetParam() << " " << describeVisibilityRule(rule) << " from " << origin.x << ","
                                     << origin.y << "," << origin.z << " (grazing segments apart: " << grazing
                                     << ", blocked on the CPU: " << blocked << " of " << cpu.size() << ")";
            }
        }
    EXPECT_EQ(scene.gpuTraversalOverflows(stream.get()), 0u);
}

INSTANTIATE_TEST_SUITE_P(Meshes, VisibilityRulesGpu, ::testing::Values("icosphere", "torus", "grid"),
                         [](const auto& info) { return info.param; });
