// GPU side of the mesh workload.
//
// LBVH (Karras 2012), rebuilt whenever the mesh changes: centroid bounds (warp reductions + ordered-int
// atomics) -> 30-bit Morton codes -> CUB radix sort -> one thread per internal node finds its range and
// split from the sorted codes (ties broken by index) -> leaves walk up to the root, the second child to
// arrive at a node writing its bounds. Rays traverse it with a small stack: any-hit for masks and
// visibility, closest-hit for depth / normal / triangle id.
// brute: a block of 256 rays tests every triangle, 256 at a time staged in shared memory between two
// barriers. bad: the same loop without the barriers. Visibility has its own any-hit loops: the triangle test is
// the chosen rule (mesh_formulas.hpp, the same code as the CPU reference) and the boxes are grown by the
// rule's slack, so every method decides each vertex exactly as the CPU does.
#include "mesh.cuh"

#include <algorithm>
#include <cstring>

#include <cub/device/device_radix_sort.cuh>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/gpu_timing.hpp"
#include "scenes/mesh/mesh_formulas.hpp"

namespace racelab::mesh {
namespace {

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
    Vec3 extent = hi - lo;
    Triangle t = triangles[i];
    Vec3 c = (xyz(t.a) + xyz(t.b) + xyz(t.c)) * (1.f / 3.f);
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
                                     Triangle* leaves) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n) return;
    Triangle t = triangles[sortedIndex[k]];
    leaves[k] = t;
    int node = (n - 1) + k;
    Vec3 l = minOf(minOf(xyz(t.a), xyz(t.b)), xyz(t.c)), h = maxOf(maxOf(xyz(t.a), xyz(t.b)), xyz(t.c));
    lo[node] = make_float4(padBelow(l.x), padBelow(l.y), padBelow(l.z), 0.f);
    hi[node] = make_float4(padAbove(h.x), padAbove(h.y), padAbove(h.z), 0.f);
    if (n == 1) return;
    int p = parent[node];
    while (true) {
        __threadfence();  // our child's bounds before the arrival count
        if (atomicAdd(&arrivals[p], 1) == 0) return;  // the sibling is not done yet: it will continue
        float4 a0 = __ldcg(&lo[left[p]]), a1 = __ldcg(&hi[left[p]]);
        float4 b0 = __ldcg(&lo[right[p]]), b1 = __ldcg(&hi[right[p]]);
        lo[p] = make_float4(fminf(a0.x, b0.x), fminf(a0.y, b0.y), fminf(a0.z, b0.z), 0.f);
        hi[p] = make_float4(fmaxf(a1.x, b1.x), fmaxf(a1.y, b1.y), fmaxf(a1.z, b1.z), 0.f);
        if (p == 0) return;
        p = parent[p];
    }
}

struct HitRecord {
    bool hit;
    float t;
    unsigned triangle;
    Vec3 a, b, c;
};

template <bool kAnyHit>
__device__ HitRecord traverse(const LbvhView& bvh, Vec3 origin, Vec3 direction, float tMin, float tMax) {
    HitRecord best{false, tMax, 0u, {}, {}, {}};
    const Vec3 inv = inverse(direction);
    int stack[kStackDepth];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const int node = stack[--top];
        if (!hitsBox(origin, inv, xyz(__ldg(&bvh.lo[node])), xyz(__ldg(&bvh.hi[node])), best.t)) continue;
        if (node >= bvh.count - 1) {
            const Triangle tri = bvh.leaves[node - (bvh.count - 1)];
            Vec3 a = xyz(tri.a), b = xyz(tri.b), c = xyz(tri.c);
            Hit h = intersect(origin, direction, a, b, c, tMin, best.t);
            if (h.hit) {
                best = {true, h.t, static_cast<unsigned>(__float_as_int(tri.a.w)), a, b, c};
                if (kAnyHit) return best;
            }
        } else if (top + 2 <= kStackDepth) {
            stack[top++] = __ldg(&bvh.left[node]);
            stack[top++] = __ldg(&bvh.right[node]);
        } else {
            atomicAdd(bvh.overflows, 1u);  // never expected: the tree is deeper than the stack (reported)
        }
    }
    return best;
}

// Triangles staged through shared memory in tiles of blockDim.x. kBarriers = false is the bad variant.
template <bool kBarriers, bool kAnyHit>
__device__ HitRecord tiledBrute(const Triangle* triangles, int n, Vec3 origin, Vec3 direction, float tMin, float tMax,
                                bool active) {
    __shared__ Triangle tile[256];
    HitRecord best{false, tMax, 0u, {}, {}, {}};
    for (int base = 0; base < n; base += blockDim.x) {
        if (base + static_cast<int>(threadIdx.x) < n) tile[threadIdx.x] = triangles[base + threadIdx.x];
        if (kBarriers) __syncthreads();  // the tile is complete before anyone reads it
        const int count = min(static_cast<int>(blockDim.x), n - base);
        if (active && !(kAnyHit && best.hit))
            for (int k = 0; k < count; ++k) {
                Vec3 a = xyz(tile[k].a), b = xyz(tile[k].b), c = xyz(tile[k].c);
                Hit h = intersect(origin, direction, a, b, c, tMin, best.t);
                if (h.hit) best = {true, h.t, static_cast<unsigned>(__float_as_int(tile[k].a.w)), a, b, c};
            }
        if (kBarriers) __syncthreads();  // everyone is done with the tile before it is overwritten
    }
    return best;
}

__device__ void shadeRecord(const MeshView& view, const HitRecord& r, Vec3 direction, std::uint8_t* out) {
    Vec3 n = r.hit ? facingNormal(r.a, r.b, r.c, direction) : Vec3{0, 0, 0};
    std::uint8_t px[4];
    shadeHit(view.shading, r.hit, r.t, view.nearT, view.farT, n, r.triangle, px);
    *reinterpret_cast<uchar4*>(out) = make_uchar4(px[0], px[1], px[2], px[3]);
}

template <int kMethod>  // 0 lbvh, 1 brute, 2 brute without barriers
__global__ void __launch_bounds__(256) renderKernel(LbvhView bvh, const Triangle* triangles, MeshView view, int width,
                                                    int height, std::uint8_t* out, std::size_t pitch) {
    // 16x16 pixel tiles: neighbouring rays share the traversal (and the brute tiles)
    const int tilesX = (width + 15) / 16;
    const int x = (blockIdx.x % tilesX) * 16 + threadIdx.x % 16, y = (blockIdx.x / tilesX) * 16 + threadIdx.x / 16;
    const bool inside = x < width && y < height;
    const Camera& camera = view.camera;
    const Vec3 d = primaryDirection(camera, inside ? x : 0, inside ? y : 0, width, height);
    const bool anyHit = view.shading == Shading::Mask;
    HitRecord r;
    if (kMethod == 0) {
        if (!inside) return;
        r = anyHit ? traverse<true>(bvh, camera.eye, d, 0.f, 1e30f) : traverse<false>(bvh, camera.eye, d, 0.f, 1e30f);
    } else if (anyHit) {
        r = tiledBrute<kMethod == 1, true>(triangles, bvh.count, camera.eye, d, 0.f, 1e30f, inside);
    } else {
        r = tiledBrute<kMethod == 1, false>(triangles, bvh.count, camera.eye, d, 0.f, 1e30f, inside);
    }
    if (inside) shadeRecord(view, r, d, out + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x));
}

// Any-hit for visibility: boxes grown by `slack` and tested over t in [0, visibilityBoxFar], triangles decided
// by the rule. Never skips a triangle the rule counts, so it equals the brute force exactly.
__device__ bool lbvhBlocked(const LbvhView& bvh, const VisibilityRule& rule, Vec3 origin, Vec3 target, Vec3 direction,
                            float slack) {
    const Vec3 inv = inverse(direction);
    const float far = visibilityBoxFar(rule);
    int stack[kStackDepth];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const int node = stack[--top];
        if (!hitsGrownBox(origin, inv, xyz(__ldg(&bvh.lo[node])), xyz(__ldg(&bvh.hi[node])), slack, far)) continue;
        if (node >= bvh.count - 1) {
            const Triangle tri = bvh.leaves[node - (bvh.count - 1)];
            if (ruleBlocks(rule, origin, target, direction, xyz(tri.a), xyz(tri.b), xyz(tri.c))) return true;
        } else if (top + 2 <= kStackDepth) {
            stack[top++] = __ldg(&bvh.left[node]);
            stack[top++] = __ldg(&bvh.right[node]);
        } else {
            atomicAdd(bvh.overflows, 1u);  // never expected: the tree is deeper than the stack (reported)
        }
    }
    return false;
}

// The brute tiles of tiledBrute with the rule as the test. kBarriers = false is the bad variant.
template <bool kBarriers>
__device__ bool tiledBlocked(const Triangle* triangles, int n, const VisibilityRule& rule, Vec3 origin, Vec3 target,
                             Vec3 direction, bool active) {
    __shared__ Triangle tile[256];
    bool blocked = false;
    for (int base = 0; base < n; base += blockDim.x) {
        if (base + static_cast<int>(threadIdx.x) < n) tile[threadIdx.x] = triangles[base + threadIdx.x];
        if (kBarriers) __syncthreads();  // the tile is complete before anyone reads it
        const int count = min(static_cast<int>(blockDim.x), n - base);
        if (active)
            for (int k = 0; k < count && !blocked; ++k)
                blocked = ruleBlocks(rule, origin, target, direction, xyz(tile[k].a), xyz(tile[k].b), xyz(tile[k].c));
        if (kBarriers) __syncthreads();  // everyone is done with the tile before it is overwritten
    }
    return blocked;
}

template <int kMethod>  // 0 lbvh, 1 brute, 2 brute without barriers
__global__ void __launch_bounds__(256) visibilityKernel(LbvhView bvh, const Triangle* triangles, const float4* vertices,
                                                        int vertexCount, Vec3 origin, VisibilityRule rule, float slack,
                                                        std::uint8_t* blocked) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const bool active = i < vertexCount;
    const Vec3 target = active ? xyz(vertices[i]) : origin;
    const Vec3 d = target - origin;  // as the CPU reference computes it
    bool b;
    if (kMethod == 0) {
        if (!active) return;
        b = lbvhBlocked(bvh, rule, origin, target, d, slack);
    } else {
        b = tiledBlocked<kMethod == 1>(triangles, bvh.count, rule, origin, target, d, active);
    }
    if (active) blocked[i] = b;
}

__global__ void drawDots(const float4* vertices, int vertexCount, const std::uint8_t* blocked, MeshView view, int width,
                         int height, std::uint8_t* out, std::size_t pitch) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= vertexCount || blocked[i]) return;
    const Camera& camera = view.camera;
    int x, y;
    if (!projectToPixel(camera, xyz(vertices[i]), width, height, x, y)) return;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int px = x + dx, py = y + dy;
            if (px < 0 || py < 0 || px >= width || py >= height) continue;
            // every dot writes the same colour, so overlapping dots need no ordering
            *reinterpret_cast<uchar4*>(out + static_cast<std::size_t>(py) * pitch + 4 * static_cast<std::size_t>(px)) =
                make_uchar4(kDotRed, kDotGreen, kDotBlue, 255);
        }
}

}  // namespace

struct MeshGpu::Impl {
    int count = 0, vertexCount = 0;
    float scale = 0.f;  // largest |coordinate| of the mesh (visibilityBoxSlack)
    DeviceBuffer<Triangle> triangles, leaves;
    DeviceBuffer<float4> vertices, lo, hi;
    DeviceBuffer<int> left, right, parent, arrivals, bounds;
    DeviceBuffer<unsigned> keys, keysSorted, values, valuesSorted;
    DeviceBuffer<std::uint8_t> cubTemp, blocked;
    DeviceBuffer<unsigned> overflows{1, "traversal overflow counter"};
    LbvhView view() const { return {lo.data(), hi.data(), left.data(), right.data(), leaves.data(), count, overflows.data()}; }
};

MeshGpu::MeshGpu() : impl_(std::make_unique<Impl>()) {}
MeshGpu::~MeshGpu() = default;
int MeshGpu::triangleCount() const { return impl_->count; }

unsigned MeshGpu::traversalOverflows(cudaStream_t stream) const {
    unsigned count = 0;
    CUDA_CHECK(cudaMemcpyAsync(&count, impl_->overflows.data(), sizeof count, cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return count;
}

void MeshGpu::upload(const Mesh& mesh, cudaStream_t stream) {
    const std::size_t n = static_cast<std::size_t>(mesh.triangleCount());
    // triangles twice (input + Morton order), nodes (bounds, links), sort buffers
    requireDeviceMemory(n * (2 * sizeof(Triangle) + 2 * (32 + 12) + 16 * 4) + mesh.vertices.size() * 16,
                        "a mesh of " + std::to_string(n) + " triangles");
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
    CUDA_CHECK(cudaMemcpyAsync(impl_->triangles.data(), host.data(), n * sizeof(Triangle), cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaMemcpyAsync(impl_->vertices.data(), verts.data(), verts.size() * sizeof(float4), cudaMemcpyHostToDevice, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    buildLbvh(stream);
}

double MeshGpu::buildLbvh(cudaStream_t s) {
    auto& m = *impl_;
    const int n = m.count;
    const std::size_t nodes = 2 * static_cast<std::size_t>(n) - 1;
    m.leaves.reserve(n, "LBVH leaves");
    m.lo.reserve(nodes, "LBVH bounds");
    m.hi.reserve(nodes, "LBVH bounds");
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
    CUDA_CHECK(cudaMemcpyAsync(m.bounds.data(), initial, sizeof initial, cudaMemcpyHostToDevice, s));
    centroidBounds<<<blocksFor(n, 256), 256, 0, s>>>(m.triangles.data(), n, m.bounds.data());
    mortonCodes<<<blocksFor(n, 256), 256, 0, s>>>(m.triangles.data(), n, m.bounds.data(), m.keys.data(), m.values.data());
    std::size_t bytes = 0;
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, m.keys.data(), m.keysSorted.data(), m.values.data(),
                                               m.valuesSorted.data(), n, 0, 30, s));
    m.cubTemp.reserve(bytes, "CUB sort temporaries");
    bytes = m.cubTemp.bytes();
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(m.cubTemp.data(), bytes, m.keys.data(), m.keysSorted.data(), m.values.data(),
                                               m.valuesSorted.data(), n, 0, 30, s));
    CUDA_CHECK(cudaMemsetAsync(m.arrivals.data(), 0, nodes * sizeof(int), s));
    CUDA_CHECK(cudaMemsetAsync(m.overflows.data(), 0, sizeof(unsigned), s));
    if (n > 1) buildHierarchy<<<blocksFor(n - 1, 256), 256, 0, s>>>(m.keysSorted.data(), n, m.left.data(), m.right.data(), m.parent.data());
    buildLeavesAndBounds<<<blocksFor(n, 256), 256, 0, s>>>(m.triangles.data(), m.valuesSorted.data(), n, m.left.data(),
                                                           m.right.data(), m.parent.data(), m.arrivals.data(), m.lo.data(),
                                                           m.hi.data(), m.leaves.data());
    timer.stop();
    CUDA_CHECK(cudaGetLastError());
    return timer.elapsedMs();
}

void MeshGpu::render(const FrameTarget& target, const MeshView& requested, GpuMethod method) {
    auto& m = *impl_;
    const MeshView view = withCamera(requested, target.width, target.height);
    const int tiles = ((target.width + 15) / 16) * ((target.height + 15) / 16);
    switch (method) {
    case GpuMethod::Lbvh:
        renderKernel<0><<<tiles, 256, 0, target.stream>>>(m.view(), m.triangles.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
        break;
    case GpuMethod::Brute:
        renderKernel<1><<<tiles, 256, 0, target.stream>>>(m.view(), m.triangles.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
        break;
    case GpuMethod::BruteRacy:
        renderKernel<2><<<tiles, 256, 0, target.stream>>>(m.view(), m.triangles.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
        break;
    }
    if (view.showVisibleVertices) {
        m.blocked.reserve(m.vertexCount, "visibility flags");
        visibilityKernel<0><<<blocksFor(m.vertexCount, 256), 256, 0, target.stream>>>(
            m.view(), m.triangles.data(), m.vertices.data(), m.vertexCount, view.origin, VisibilityRule{},
            visibilityBoxSlack(view.origin, m.scale), m.blocked.data());
        drawDots<<<blocksFor(m.vertexCount, 256), 256, 0, target.stream>>>(m.vertices.data(), m.vertexCount, m.blocked.data(), view,
                                                                          target.width, target.height, target.pixels, target.pitchBytes);
    }
    CUDA_CHECK(cudaGetLastError());
}

double MeshGpu::visibility(Vec3 origin, GpuMethod method, std::vector<std::uint8_t>& blocked, cudaStream_t s,
                           const VisibilityRule& rule) {
    auto& m = *impl_;
    m.blocked.reserve(m.vertexCount, "visibility flags");
    const unsigned blocks = blocksFor(m.vertexCount, 256);
    const float slack = visibilityBoxSlack(origin, m.scale);
    GpuTimer timer(s);
    timer.start();
    if (method == GpuMethod::Lbvh)
        visibilityKernel<0><<<blocks, 256, 0, s>>>(m.view(), m.triangles.data(), m.vertices.data(), m.vertexCount, origin, rule, slack, m.blocked.data());
    else if (method == GpuMethod::Brute)
        visibilityKernel<1><<<blocks, 256, 0, s>>>(m.view(), m.triangles.data(), m.vertices.data(), m.vertexCount, origin, rule, slack, m.blocked.data());
    else
        visibilityKernel<2><<<blocks, 256, 0, s>>>(m.view(), m.triangles.data(), m.vertices.data(), m.vertexCount, origin, rule, slack, m.blocked.data());
    timer.stop();
    CUDA_CHECK(cudaGetLastError());
    double ms = timer.elapsedMs();
    blocked.resize(static_cast<std::size_t>(m.vertexCount));
    CUDA_CHECK(cudaMemcpyAsync(blocked.data(), m.blocked.data(), blocked.size(), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    return ms;
}

}  // namespace racelab::mesh
