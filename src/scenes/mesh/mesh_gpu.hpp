// The mesh scenes' GPU half as the scene sees it: plain C++, implemented in CUDA by MeshGpuCuda
// (kernels/mesh/mesh_gpu.cuh) and made with makeGpuHalf<MeshGpu>("mesh"), which throws in a build without
// CUDA.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/mesh/mesh.hpp"

namespace racelab::mesh {

enum class GpuMethod {
    Lbvh,        // good: LBVH (Karras 2012) built on the GPU, stack traversal
    Brute,       // every ray against every triangle, triangles staged through shared memory with barriers
    BruteRacy,   // the same tiles without the barriers: warps overwrite the tile others still read
};

// The triangles as they are on the device (a float4 per corner, 48 bytes a triangle), for a user's kernel.
struct MeshDeviceTriangles {
    const void* triangles = nullptr;
    std::size_t bytes = 0;
    int count = 0;
};

class MeshGpu : public GpuHalf {
public:
    // Copies the triangles (refusing, with the numbers, a mesh that does not fit) and builds the LBVH.
    virtual void upload(const Mesh& mesh, cudaStream_t stream) = 0;
    // Rebuilds the LBVH from the uploaded triangles; returns its GPU time in ms.
    virtual double buildLbvh(cudaStream_t stream) = 0;
    virtual void render(const FrameTarget& target, const MeshView& view, GpuMethod method) = 0;
    // blocked[i] = 1 when the way from origin to vertex i is blocked under the rule (default: geometric, the
    // open segment); returns the kernel's GPU time in ms.
    virtual double visibility(Vec3 origin, GpuMethod method, std::vector<std::uint8_t>& blocked, cudaStream_t stream,
                              const VisibilityRule& rule = {}) = 0;
    // The bumpy cube-sphere's 6 n^2 + 2 vertices made on the GPU (bumpy_sphere_formulas.hpp, bit for bit the
    // CPU's bumpySphereVertices) and downloaded; the triangles, integers only, the host makes alongside.
    virtual std::vector<Vec3> generateBumpyVertices(int cells, cudaStream_t stream) = 0;
    virtual int triangleCount() const = 0;
    // Traversals since the last build that found the tree deeper than their stack (should stay 0).
    virtual unsigned traversalOverflows(cudaStream_t stream) const = 0;
    // Waits for the work queued on `stream` (so the scene can time a whole query from its start).
    virtual void synchronize(cudaStream_t stream) const = 0;

    // For a user's kernel (mesh_kernel_side.cpp): the uploaded triangles, a hit mask (a byte a pixel) cleared,
    // and the mask shaded into the frame as the hit-mask view, with the visible vertices' dots when the view
    // shows them.
    virtual MeshDeviceTriangles deviceTriangles() const = 0;
    virtual void clearHitMask(std::uint8_t* hits, std::size_t pixels, cudaStream_t stream) = 0;
    virtual void drawHitMask(const std::uint8_t* hits, const FrameTarget& target, const MeshView& view) = 0;
};

}  // namespace racelab::mesh
