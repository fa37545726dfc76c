// The committed assets are found where the binary expects them (the build tree mirrors an install:
// build/share/racelab) and are what they claim: the default mesh loads as a closed triangle mesh.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <utility>

#include "core/asset_paths.hpp"
#include "scenes/mesh/mesh_loader.hpp"

using namespace racelab;

TEST(Assets, FoundNextToTheBinaryInTheBuildTree) {
    const std::string root = assetRootInUse();
    ASSERT_FALSE(root.empty());
    // The tests run from the build tree, whose share/racelab mirrors the install layout.
    const auto expected = (std::filesystem::path(executablePath()).parent_path() / RACELAB_ASSETS_RELATIVE).lexically_normal();
    EXPECT_EQ(std::filesystem::path(root), expected);
    for (const char* asset : {"fourier/racelab.svg", "meshes/trefoil.off"})
        EXPECT_EQ(std::filesystem::path(findAsset(asset)), expected / asset);
}

TEST(Assets, DefaultMeshIsAClosedTrefoilTube) {
    const mesh::Mesh knot = mesh::loadMeshFile(findAsset("meshes/trefoil.off"));
    EXPECT_EQ(knot.vertices.size(), 1920u);
    ASSERT_EQ(knot.indices.size(), 3u * 3840u);
    // Closed and consistently wound: every edge appears once in each direction.
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
    for (std::size_t t = 0; t < knot.indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) ++edges[{knot.indices[t + k], knot.indices[t + (k + 1) % 3]}];
    for (const auto& [edge, count] : edges) {
        EXPECT_EQ(count, 1);
        EXPECT_EQ(edges.count({edge.second, edge.first}), 1u);
    }
}
