// CPU reference of the mesh workload: the frame (primary rays through the BVH, or brute force) and the
// point-visibility task, sequential or OpenMP.
#pragma once
#include <cstdint>
#include <vector>

#include "core/host_image.hpp"
#include "scenes/mesh/cpu_bvh.hpp"

namespace racelab::mesh {

enum class CpuMethod { Bvh, Brute };

// ambiguous (optional): 1 for pixels whose ray grazes an edge (their value may legitimately differ).
void renderMeshReference(const Mesh& mesh, const CpuBvh& bvh, const MeshView& view, HostImage& image,
                         std::vector<std::uint8_t>* ambiguous, bool parallel, CpuMethod method = CpuMethod::Bvh);
// blocked[i] = 1 when the way from origin to vertex i is blocked under the rule (the default, geometric: the
// open segment, 0 < t < 1 - kSegmentEpsilon).
void visibilityReference(const Mesh& mesh, const CpuBvh& bvh, Vec3 origin, std::vector<std::uint8_t>& blocked,
                         bool parallel, CpuMethod method = CpuMethod::Bvh, const VisibilityRule& rule = {});
// Draws the dots of the vertices not blocked from the origin (after shading), as the GPU does.
void drawVisibleVertices(const Mesh& mesh, const std::vector<std::uint8_t>& blocked, const Camera& camera, HostImage& image);

}  // namespace racelab::mesh
