// A triangle mesh: vertex positions and three vertex indices per triangle.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "scenes/mesh/mesh_formulas.hpp"

namespace racelab::mesh {

struct Mesh {
    std::string name;
    std::vector<Vec3> vertices;
    std::vector<std::uint32_t> indices;  // 3 per triangle

    int triangleCount() const { return static_cast<int>(indices.size() / 3); }
    Vec3 corner(int triangle, int k) const { return vertices[indices[3 * static_cast<std::size_t>(triangle) + k]]; }
};

// Host-only set-up (the camera's centre and distance), so GLM's operators: the host never fuses them.
struct Bounds {
    Vec3 lo{0, 0, 0}, hi{0, 0, 0};
    Vec3 centre() const { return (lo + hi) * .5f; }
    float radius() const { return .5f * glm::length(hi - lo); }  // sqrt(dot(d, d)), as before
};

Bounds boundsOf(const Mesh& mesh);

}  // namespace racelab::mesh
