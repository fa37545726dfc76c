// The bumpy cube-sphere on the host (formulas: bumpy_sphere_formulas.hpp): the triangles (integers only)
// and the vertices, both filled with OpenMP. The GPU makes the same vertices (kernels/mesh/generate.cu).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "scenes/mesh/bumpy_sphere_formulas.hpp"  // kMaxBumpyCells, the counts
#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

// 3 indices for each of the 12 n^2 triangles, wound counter-clockwise seen from outside. Both refuse n outside
// 1..kMaxBumpyCells (UsageError).
std::vector<std::uint32_t> bumpySphereIndices(int n, bool parallel = true);
// The 6 n^2 + 2 vertices in bumpyIndex order.
std::vector<Vec3> bumpySphereVertices(int n, bool parallel = true);
// Both, as a mesh named `name`, on the CPU.
Mesh bumpySphere(int n, const std::string& name = "bumpy");

}  // namespace racelab::mesh
