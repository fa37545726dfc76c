// What the mesh kernels' files share (private to kernels/mesh/): the triangles as the GPU stores them, the
// LBVH's arrays, the buffers of MeshGpuCuda::Impl, and the hit record the traversals and brute tiles fill.
#pragma once
#include <cstdint>

#include "core/device_buffer.hpp"
#include "mesh/mesh_gpu.cuh"
#include "scenes/mesh/mesh_formulas.hpp"

namespace racelab::mesh {
namespace gpu {

struct Triangle {
    float4 a, b, c;  // xyz corners; a.w holds the original triangle index (as bits)
};

struct LbvhView {
    const float4* lo;
    const float4* hi;
    const int* left;
    const int* right;
    const Triangle* leaves;  // triangles in Morton order
    int count;               // triangles
    unsigned* overflows;     // traversals that ran out of stack
};

// Karras trees over 30-bit codes plus a 32-bit index tie-break are at most about 62 levels deep.
constexpr int kStackDepth = 96;

__device__ __forceinline__ Vec3 xyz(float4 v) { return {v.x, v.y, v.z}; }

// A ray's best hit so far: the triangle's corners come along for the shading's normal.
struct HitRecord {
    bool hit;
    float t;
    unsigned triangle;
    Vec3 a, b, c;
};

// What a mesh of n triangles and v vertices takes on the device, for the check before anything is made
// (requireDeviceMemory: a clear refusal with the numbers on a GPU too small for it). Every buffer is reserved
// with a quarter of headroom (DeviceBuffer::reserve): triangles twice (input, Morton order) at 48 bytes,
// 2n - 1 nodes of bounds (32 bytes) and four links (16 bytes), four arrays of Morton codes and indices
// (16 bytes a triangle), CUB's sort temporaries (about 8 bytes a triangle), vertices at 16 bytes.
inline std::size_t meshDeviceBytes(std::size_t n, std::size_t v) {
    const std::size_t exact = n * 2 * 48 + 2 * n * (32 + 16) + n * 16 + n * 8 + v * 16;
    return exact + exact / 4;
}

}  // namespace gpu

struct MeshGpuCuda::Impl {
    int count = 0, vertexCount = 0;
    float scale = 0.f;  // largest |coordinate| of the mesh (visibilityBoxSlack)
    DeviceBuffer<gpu::Triangle> triangles, leaves;
    DeviceBuffer<float4> vertices, lo, hi;
    DeviceBuffer<int> left, right, parent, arrivals, bounds;
    DeviceBuffer<unsigned> keys, keysSorted, values, valuesSorted;
    DeviceBuffer<std::uint8_t> cubTemp, blocked;
    DeviceBuffer<unsigned> overflows{1, "traversal overflow counter"};
    gpu::LbvhView view() const {
        return {lo.data(), hi.data(), left.data(), right.data(), leaves.data(), count, overflows.data()};
    }
    // Launches the visibility kernel of `method` into `blocked` (reserved by the caller); visibility.cu. The
    // frame's dots (render.cu) and MeshGpuCuda::visibility both go through it.
    void launchVisibility(GpuMethod method, Vec3 origin, const VisibilityRule& rule, cudaStream_t stream);
};

}  // namespace racelab::mesh
