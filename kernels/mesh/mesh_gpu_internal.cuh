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

// An internal node as the traversal reads it (lbvh_traversal.cuh): both children's boxes in one aligned 64-byte record,
// so one fetch tests both children (and a leaf child's box is tested without touching the leaf). The links
// ride in the spare w lanes: leftLo.w holds the left child's index, leftHi.w the right child's (as bits).
struct alignas(64) WideNode {
    float4 leftLo, leftHi, rightLo, rightHi;
};

struct LbvhView {
    const float4* lo;        // every node's own box (the build's); the traversal reads only the root's, and only
    const float4* hi;        // when a one-triangle mesh's root is its leaf, with no parent to hold its box
    const WideNode* nodes;   // the n - 1 internal nodes with their children's boxes (node i: internal node i)
    const Triangle* leaves;  // triangles in Morton order
    int count;               // triangles
    unsigned* overflows;     // traversals that ran out of stack
};

// The traversal descends into one child and pushes at most the other, so it holds at most one entry per level
// of the current path. Every level of a Karras tree lengthens the node's common prefix (30 code bits, then index
// bits below n <= 2^30), so no path is longer than 60 levels: 64 is enough (the overflow counter still guards it).
constexpr int kStackDepth = 64;

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
// (16 bytes a triangle), CUB's sort temporaries (about 8 bytes a triangle), vertices at 16 bytes, and n - 1
// child-box nodes at 64 bytes.
inline std::size_t meshDeviceBytes(std::size_t n, std::size_t v) {
    const std::size_t exact = n * 2 * 48 + 2 * n * (32 + 16) + n * 16 + n * 8 + v * 16 + n * sizeof(WideNode);
    return exact + exact / 4;
}

}  // namespace gpu

struct MeshGpuCuda::Impl {
    int count = 0, vertexCount = 0;
    float scale = 0.f;  // largest |coordinate| of the mesh (visibilityBoxSlack)
    DeviceBuffer<gpu::Triangle> triangles, leaves;
    DeviceBuffer<float4> vertices, lo, hi;
    DeviceBuffer<gpu::WideNode> nodes;  // what the traversals read; the rest of the tree is the build's:
    DeviceBuffer<int> left, right, parent, arrivals, bounds;  // links, arrival counts and every node's box (lo, hi)
    DeviceBuffer<unsigned> keys, keysSorted, values, valuesSorted;
    DeviceBuffer<std::uint8_t> cubTemp, blocked;
    DeviceBuffer<unsigned> overflows{1, "traversal overflow counter"};
    gpu::LbvhView view() const {
        return {lo.data(), hi.data(), nodes.data(), leaves.data(), count, overflows.data()};
    }
    // Launches the visibility kernel of `method` into `blocked` (reserved by the caller); visibility.cu. The
    // frame's dots (render.cu) and MeshGpuCuda::visibility both go through it.
    void launchVisibility(GpuMethod method, Vec3 origin, const VisibilityRule& rule, cudaStream_t stream);
};

}  // namespace racelab::mesh
