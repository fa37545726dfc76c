// Host-callable side of the mesh workload's kernels (kernels/mesh/): a mesh on the GPU, its LBVH, hit-mask
// frames and point visibility. lbvh_build.cu builds the tree, render.cu draws frames, visibility.cu answers the
// visibility queries; mesh_gpu_internal.cuh holds what they share.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

enum class GpuMethod {
    Lbvh,        // good: LBVH (Karras 2012) built on the GPU, stack traversal
    Brute,       // every ray against every triangle, triangles staged through shared memory with barriers
    BruteRacy,   // the same tiles without the barriers: warps overwrite the tile others still read
};

class MeshGpu {
public:
    MeshGpu();
    ~MeshGpu();
    MeshGpu(const MeshGpu&) = delete;
    MeshGpu& operator=(const MeshGpu&) = delete;

    // Copies the triangles (refusing, with the numbers, a mesh that does not fit) and builds the LBVH.
    void upload(const Mesh& mesh, cudaStream_t stream);
    // Rebuilds the LBVH from the uploaded triangles; returns its GPU time in ms.
    double buildLbvh(cudaStream_t stream);
    void render(const FrameTarget& target, const MeshView& view, GpuMethod method);
    // blocked[i] = 1 when the way from origin to vertex i is blocked under the rule (default: geometric, the
    // open segment); returns the kernel's GPU time in ms.
    double visibility(Vec3 origin, GpuMethod method, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                      const VisibilityRule& rule = {});
    int triangleCount() const;
    // Traversals since the last build that found the tree deeper than their stack (should stay 0).
    unsigned traversalOverflows(cudaStream_t stream) const;

private:
    struct Impl;  // mesh_gpu_internal.cuh
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::mesh
