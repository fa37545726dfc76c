// The mesh on the GPU and its LBVH (Karras 2012), rebuilt whenever the mesh changes: centroid bounds (warp
// reductions + ordered-int atomics) -> 30-bit Morton codes -> CUB radix sort -> one thread per internal node
// finds its range and split from the sorted codes (ties broken by index) -> leaves walk up to the root, the
// second child to arrive at a node writing its bounds and, packed into the node, both children's boxes (what
// the traversals read, lbvh_traversal.cuh). Also MeshGpuCuda's upload and bookkeeping.
#include "mesh/mesh_gpu.cuh"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string>

#include <cub/device/device_radix_sort.cuh>

#include "common/launch.cuh"
#include "core/cuda_check.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "mesh/mesh_gpu_internal.cuh"

namespace racelab::mesh {
namespace {

using gpu::Triangle;
using gpu::xyz;

__device__ __forceinline__ int orderedInt(float f) {
    int i = __float_as_int(f);
    return i >= 0 ? i : i ^ 0x7fffffff;
}
__device__ __forceinline__ float fromOrderedInt(int i) { return __int_as_float(i >= 0 ? i : i ^ 0x7fffffff); }

__global__ void centroidBounds(const Triangle* triangles, int n, int* bounds /* minx miny minz maxx maxy maxz */) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v[6] = {1e30f, 1e30f, 1e30f, -1e30f, -1e30f, -1e30f};
    if (i < n) {
        Triangle t = triangles[i];
        float cx = (t.a.x + t.b.x + t.c.x) / 3.f, cy = (t.a.y + t.b.y + t.c.y) / 3.f, cz = (t.a.z + t.b.z + t.c.z) / 3.f;
        v[0] = v[3] = cx, v[1] = v[4] = cy, v[2] = v[5] = cz;
    }
    for (int offset = 16; offset > 0; offset /= 2)
        for (int k = 0; k < 6; ++k) {
            float other = __shfl_down_sync(0xffffffffu, v[k], offset);
            v[k] = k < 3 ? fminf(v[k], other) : fmaxf(v[k], other);
        }
    if ((threadIdx.x & 31) == 0) {
        for (int k = 0; k < 3; ++k) atomicMin(&bounds[k], orderedInt(v[k]));
        for (int k = 3; k < 6; ++k) atomicMax(&bounds[k], orderedInt(v[k]));
    }
}

__global__ void mortonCodes(const Triangle* triangles, int n, const int* bounds, unsigned* keys, unsigned* values) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Vec3 lo{fromOrderedInt(bounds[0]), fromOrderedInt(bounds[1]), fromOrderedInt(bounds[2])};
    Vec3 hi{fromOrderedInt(bounds[3]), fromOrderedInt(bounds[4]), fromOrderedInt(bounds[5])};
    Vec3 extent = subRn(hi, lo);
    Triangle t = triangles[i];
    Vec3 c = scaleRn(addRn(addRn(xyz(t.a), xyz(t.b)), xyz(t.c)), 1.f / 3.f);
    auto unit = [](float v, float l, float e) { return e > 0.f ? (v - l) / e : .5f; };
    keys[i] = morton3(unit(c.x, lo.x, extent.x), unit(c.y, lo.y, extent.y), unit(c.z, lo.z, extent.z));
    values[i] = static_cast<unsigned>(i);
}

// Common-prefix length of the sorted keys i and j, ties broken by index (Karras 2012, section 4).
__device__ __forceinline__ int delta(const unsigned* keys, int n, int i, int j) {
    if (j < 0 || j >= n) return -1;
    unsigned a = keys[i], b = keys[j];
    return a == b ? 32 + __clz(i ^ j) : __clz(a ^ b);
}

__global__ void buildHierarchy(const unsigned* keys, int n, int* left, int* right, int* parent) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n - 1) return;
    const int d = delta(keys, n, i, i + 1) - delta(keys, n, i, i - 1) >= 0 ? 1 : -1;
    const int minimum = delta(keys, n, i, i - d);
    int lengthMax = 2;
    while (delta(keys, n, i, i + lengthMax * d) > minimum) lengthMax *= 2;
    int length = 0;
    for (int t = lengthMax / 2; t >= 1; t /= 2)
        if (delta(keys, n, i, i + (length + t) * d) > minimum) length += t;
    const int j = i + length * d;
    const int nodePrefix = delta(keys, n, i, j);
    int split = 0, t = length;
    do {
        t = (t + 1) >> 1;
        if (delta(keys, n, i, i + (split + t) * d) > nodePrefix) split += t;
    } while (t > 1);
    const int gamma = i + split * d + min(d, 0);
    const int leftChild = min(i, j) == gamma ? (n - 1) + gamma : gamma;
    const int rightChild = max(i, j) == gamma + 1 ? (n - 1) + gamma + 1 : gamma + 1;
    left[i] = leftChild;
    right[i] = rightChild;
    parent[leftChild] = i;
    parent[rightChild] = i;
}

__global__ void buildLeavesAndBounds(const Triangle* triangles, const unsigned* sortedIndex, int n, const int* left,
                                     const int* right, const int* parent, int* arrivals, float4* lo, float4* hi,
                                     gpu::WideNode* nodes, Triangle* leaves) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) return;
    Triangle t = triangles[sortedIndex[k]];
    leaves[k] = t;
    int node = (n - 1) + k;
    Vec3 l = glm::min(glm::min(xyz(t.a), xyz(t.b)), xyz(t.c)), h = glm::max(glm::max(xyz(t.a), xyz(t.b)), xyz(t.c));
    lo[node] = make_float4(padBelow(l.x), padBelow(l.y), padBelow(l.z), 0.f);
    hi[node] = make_float4(padAbove(h.x), padAbove(h.y), padAbove(h.z), 0.f);
    if (n == 1) return;
    int p = parent[node];
    while (true) {
        __threadfence();  // our child's bounds before the arrival count
        if (atomicAdd(&arrivals[p], 1) == 0) return;  // the sibling is not done yet: it will continue
        const int l = left[p], r = right[p];
        float4 a0 = __ldcg(&lo[l]), a1 = __ldcg(&hi[l]);
        float4 b0 = __ldcg(&lo[r]), b1 = __ldcg(&hi[r]);
        lo[p] = make_float4(fminf(a0.x, b0.x), fminf(a0.y, b0.y), fminf(a0.z, b0.z), 0.f);
        hi[p] = make_float4(fmaxf(a1.x, b1.x), fmaxf(a1.y, b1.y), fmaxf(a1.z, b1.z), 0.f);
        // the same children's boxes, bit for bit, packed into the parent for the traversals
        a0.w = __int_as_float(l), a1.w = __int_as_float(r), b0.w = 0.f, b1.w = 0.f;
        nodes[p] = {a0, a1, b0, b1};
        if (p == 0) return;
        p = parent[p];
    }
}

}  // namespace

MeshGpuCuda::MeshGpuCuda() : impl_(std::make_unique<Impl>()) {}
MeshGpuCuda::~MeshGpuCuda() = default;
int MeshGpuCuda::triangleCount() const { return impl_->count; }

unsigned MeshGpuCuda::traversalOverflows(cudaStream_t stream) const {
    return downloadNow(impl_->overflows.data(), 1, stream)[0];
}

void MeshGpuCuda::upload(const Mesh& mesh, cudaStream_t stream) {
    const std::size_t n = static_cast<std::size_t>(mesh.triangleCount());
    // The tree's 2n - 1 nodes are indexed with int (links, traversal stacks): half of int's range at most.
    if (n > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2))
        throw UsageError("a mesh of " + std::to_string(n) + " triangles is more than the LBVH's int node indices hold (" +
                         std::to_string(std::numeric_limits<int>::max() / 2) + ")");
    requireDeviceMemory(gpu::meshDeviceBytes(n, mesh.vertices.size()), "a mesh of " + std::to_string(n) + " triangles");
    std::vector<Triangle> host(n);
    for (std::size_t i = 0; i < n; ++i) {
        Vec3 a = mesh.corner(static_cast<int>(i), 0), b = mesh.corner(static_cast<int>(i), 1), c = mesh.corner(static_cast<int>(i), 2);
        int id = static_cast<int>(i);
        float idBits;
        std::memcpy(&idBits, &id, sizeof idBits);
        host[i] = {make_float4(a.x, a.y, a.z, idBits), make_float4(b.x, b.y, b.z, 0.f), make_float4(c.x, c.y, c.z, 0.f)};
    }
    std::vector<float4> verts(mesh.vertices.size());
    for (std::size_t i = 0; i < verts.size(); ++i) verts[i] = make_float4(mesh.vertices[i].x, mesh.vertices[i].y, mesh.vertices[i].z, 0.f);
    impl_->count = static_cast<int>(n);
    impl_->vertexCount = static_cast<int>(verts.size());
    impl_->scale = 0.f;
    for (const Vec3& v : mesh.vertices) impl_->scale = std::max(impl_->scale, maxAbs(v));
    impl_->triangles.reserve(n, "mesh triangles");
    impl_->vertices.reserve(verts.size(), "mesh vertices");
    copyToDevice(impl_->triangles.data(), host.data(), n * sizeof(Triangle), stream);
    copyToDevice(impl_->vertices.data(), verts.data(), verts.size() * sizeof(float4), stream);
    waitForStream(stream);
    buildLbvh(stream);
}

double MeshGpuCuda::buildLbvh(cudaStream_t s) {
    auto& m = *impl_;
    const int n = m.count;
    const std::size_t nodes = 2 * static_cast<std::size_t>(n) - 1;
    m.leaves.reserve(n, "LBVH leaves");
    m.lo.reserve(nodes, "LBVH bounds");
    m.hi.reserve(nodes, "LBVH bounds");
    m.nodes.reserve(std::max(n - 1, 1), "LBVH child-box nodes");
    m.left.reserve(nodes, "LBVH links");
    m.right.reserve(nodes, "LBVH links");
    m.parent.reserve(nodes, "LBVH links");
    m.arrivals.reserve(nodes, "LBVH links");
    m.keys.reserve(n, "Morton codes");
    m.keysSorted.reserve(n, "Morton codes");
    m.values.reserve(n, "Morton codes");
    m.valuesSorted.reserve(n, "Morton codes");
    m.bounds.reserve(6, "centroid bounds");
    GpuTimer timer(s);
    timer.start();
    const int initial[6] = {0x7f7fffff, 0x7f7fffff, 0x7f7fffff, static_cast<int>(0x80800000u ^ 0x7fffffff),
                            static_cast<int>(0x80800000u ^ 0x7fffffff), static_cast<int>(0x80800000u ^ 0x7fffffff)};
    copyToDevice(m.bounds.data(), initial, sizeof initial, s);
    launchKernel("mesh: centroid bounds", centroidBounds, blocksFor(n, 256), 256, 0, s, m.triangles.data(), n,
                 m.bounds.data());
    launchKernel("mesh: morton codes", mortonCodes, blocksFor(n, 256), 256, 0, s, m.triangles.data(), n, m.bounds.data(),
                 m.keys.data(), m.values.data());
    namedGpuStep("mesh: sort morton codes (CUB)", s, [&] {
        runCubCall(m.cubTemp, "CUB sort temporaries", [&](void* temp, std::size_t& bytes) {
            return cub::DeviceRadixSort::SortPairs(temp, bytes, m.keys.data(), m.keysSorted.data(), m.values.data(),
                                                   m.valuesSorted.data(), n, 0, 30, s);
        });
    });
    CUDA_CHECK(cudaMemsetAsync(m.arrivals.data(), 0, nodes * sizeof(int), s));
    CUDA_CHECK(cudaMemsetAsync(m.overflows.data(), 0, sizeof(unsigned), s));
    if (n > 1)
        launchKernel("mesh: build hierarchy", buildHierarchy, blocksFor(n - 1, 256), 256, 0, s, m.keysSorted.data(), n,
                     m.left.data(), m.right.data(), m.parent.data());
    launchKernel("mesh: leaves and bounds", buildLeavesAndBounds, blocksFor(n, 256), 256, 0, s, m.triangles.data(),
                 m.valuesSorted.data(), n, m.left.data(), m.right.data(), m.parent.data(), m.arrivals.data(), m.lo.data(),
                 m.hi.data(), m.nodes.data(), m.leaves.data());
    timer.stop();
    return timer.elapsedMs();
}

void MeshGpuCuda::synchronize(cudaStream_t stream) const { waitForStream(stream); }

}  // namespace racelab::mesh

// The scenes make their GPU half through makeGpuHalf<MeshGpu>("mesh") (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(mesh) { return std::make_unique<racelab::mesh::MeshGpuCuda>(); }
