// Host-callable side of the mesh workload's kernels (kernels/mesh/): a mesh on the GPU, its LBVH, hit-mask
// frames and point visibility, the CUDA implementation of MeshGpu (scenes/mesh/mesh_gpu.hpp). lbvh_build.cu
// builds the tree, render.cu draws frames, visibility.cu answers the visibility queries, generate.cu makes
// the bumpy sphere's vertices; mesh_gpu_internal.cuh holds what they share.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "scenes/mesh/mesh_gpu.hpp"

namespace racelab::mesh {

class MeshGpuCuda final : public MeshGpu {
public:
    MeshGpuCuda();
    ~MeshGpuCuda() override;
    MeshGpuCuda(const MeshGpuCuda&) = delete;
    MeshGpuCuda& operator=(const MeshGpuCuda&) = delete;

    void upload(const Mesh& mesh, cudaStream_t stream) override;
    double buildLbvh(cudaStream_t stream) override;
    void render(const FrameTarget& target, const MeshView& view, GpuMethod method) override;
    double visibility(Vec3 origin, GpuMethod method, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                      const VisibilityRule& rule = {}) override;
    std::vector<Vec3> generateBumpyVertices(int cells, cudaStream_t stream) override;
    int triangleCount() const override;
    unsigned traversalOverflows(cudaStream_t stream) const override;
    void synchronize(cudaStream_t stream) const override;
    MeshDeviceTriangles deviceTriangles() const override;
    void clearHitMask(std::uint8_t* hits, std::size_t pixels, cudaStream_t stream) override;
    void drawHitMask(const std::uint8_t* hits, const FrameTarget& target, const MeshView& view) override;

private:
    // The dots of the vertices visible from view.origin (the view's camera already computed); render.cu.
    void drawVisibleDots(const FrameTarget& target, const MeshView& view);

    struct Impl;  // mesh_gpu_internal.cuh
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::mesh
