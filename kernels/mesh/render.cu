// A frame of the mesh workload: one primary ray per pixel from the orbit camera (computed on the host, the
// same values as the CPU reference's), traced through the LBVH (good: lbvh_traversal.cuh) or against every
// triangle in shared-memory tiles (brute, and bad without the barriers), shaded as a hit mask, by depth, by the
// facing normal or by triangle id; then, optionally, the dots of the vertices visible from the origin.
#include "mesh/mesh_gpu.cuh"

#include "common/launch.cuh"
#include "mesh/brute_tiles.cuh"
#include "mesh/lbvh_traversal.cuh"
#include "mesh/mesh_gpu_internal.cuh"

namespace racelab::mesh {
namespace {

using gpu::HitRecord;
using gpu::LbvhView;
using gpu::Triangle;
using gpu::xyz;

__device__ void shadeRecord(const MeshView& view, const HitRecord& r, Vec3 direction, std::uint8_t* out) {
    Vec3 n = r.hit ? facingNormal(r.a, r.b, r.c, direction) : Vec3{0, 0, 0};
    std::uint8_t px[4];
    shadeHit(view.shading, r.hit, r.t, view.nearT, view.farT, n, r.triangle, px);
    *reinterpret_cast<uchar4*>(out) = make_uchar4(px[0], px[1], px[2], px[3]);
}

// The LBVH traversal gets a kernel for each kind of hit; the brute tiles decide at run time. The traversal
// waits on loads, so more resident warps hide more of them: the closest hit fits 40 registers by itself at
// sm_90 (six blocks of 256 an SM), the any hit would take 47 (five), so it is held to six blocks where an SM
// holds 2048 threads (4 bytes spilled at sm_90), five where it holds 1536 (sm_86, sm_89, sm_120: six spill
// 64 bytes there), four on sm_75 (1024 threads: all of it).
enum Method { kLbvhAnyHit, kLbvhClosestHit, kBrute, kBruteRacy };
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
constexpr int kAnyHitBlocks = 4;
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 800 || __CUDA_ARCH__ == 900)
constexpr int kAnyHitBlocks = 6;
#else
constexpr int kAnyHitBlocks = 5;
#endif
constexpr bool lbvh(int method) { return method == kLbvhAnyHit || method == kLbvhClosestHit; }

template <int kMethod>
__global__ void __launch_bounds__(256, kMethod == kLbvhAnyHit ? kAnyHitBlocks : 1)
    renderKernel(LbvhView bvh, const Triangle* triangles, MeshView view, int width, int height, std::uint8_t* out,
                 std::size_t pitch) {
    // 16x16 pixel tiles: neighbouring rays share the traversal (and the brute tiles). The LBVH traversal gives
    // each warp an 8x4 patch of the tile (the brute tiles rows of 16): squarer patches visit more of the same
    // nodes, so a warp's loads coalesce and its lanes diverge less.
    const int tilesX = (width + 15) / 16;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int tx = lbvh(kMethod) ? (warp % 2) * 8 + lane % 8 : threadIdx.x % 16;
    const int ty = lbvh(kMethod) ? (warp / 2) * 4 + lane / 8 : threadIdx.x / 16;
    const int x = (blockIdx.x % tilesX) * 16 + tx, y = (blockIdx.x / tilesX) * 16 + ty;
    const bool inside = x < width && y < height;
    const Camera& camera = view.camera;
    const Vec3 d = primaryDirection(camera, inside ? x : 0, inside ? y : 0, width, height);
    const bool anyHit = view.shading == Shading::Mask;
    HitRecord r;
    if (lbvh(kMethod)) {
        if (!inside) return;
        r = gpu::traverse<kMethod == kLbvhAnyHit>(bvh, camera.eye, d, 0.f, 1e30f);
    } else if (anyHit) {
        r = gpu::tiledBrute<kMethod == kBrute, true>(triangles, bvh.count, camera.eye, d, 0.f, 1e30f, inside);
    } else {
        r = gpu::tiledBrute<kMethod == kBrute, false>(triangles, bvh.count, camera.eye, d, 0.f, 1e30f, inside);
    }
    if (inside) shadeRecord(view, r, d, out + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x));
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

// A user kernel's hit mask (scenes/mesh/kernel_contract.cuh) shaded as the hit-mask view.
__global__ void shadeHitMask(const std::uint8_t* hits, int width, int height, std::uint8_t* out, std::size_t pitch) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    std::uint8_t px[4];
    shadeHit(Shading::Mask, hits[static_cast<std::size_t>(y) * width + x] != 0, 0.f, 0.f, 1.f, Vec3{0, 0, 0}, 0, px);
    *reinterpret_cast<uchar4*>(out + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x)) =
        make_uchar4(px[0], px[1], px[2], px[3]);
}

}  // namespace

void MeshGpuCuda::drawVisibleDots(const FrameTarget& target, const MeshView& view) {
    auto& m = *impl_;
    m.blocked.reserve(m.vertexCount, "visibility flags");
    m.launchVisibility(GpuMethod::Lbvh, view.origin, VisibilityRule{}, target.stream);
    launchKernel("mesh: draw dots", drawDots, blocksFor(m.vertexCount, 256), 256, 0, target.stream, m.vertices.data(),
                 m.vertexCount, m.blocked.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
}

MeshDeviceTriangles MeshGpuCuda::deviceTriangles() const {
    const auto& m = *impl_;
    return {m.triangles.data(), static_cast<std::size_t>(m.count) * sizeof(gpu::Triangle), m.count};
}

void MeshGpuCuda::clearHitMask(std::uint8_t* hits, std::size_t pixels, cudaStream_t stream) {
    namedGpuStep("mesh: clear the user kernel's hit mask", stream,
                 [&] { CUDA_CHECK(cudaMemsetAsync(hits, 0, pixels, stream)); });
}

void MeshGpuCuda::drawHitMask(const std::uint8_t* hits, const FrameTarget& target, const MeshView& requested) {
    const MeshView view = withCamera(requested, target.width, target.height);
    const dim3 grid((target.width + 15) / 16, (target.height + 15) / 16);
    launchKernel("mesh: shade the user kernel's hit mask", shadeHitMask, grid, dim3(16, 16), 0, target.stream, hits,
                 target.width, target.height, target.pixels, target.pitchBytes);
    if (view.showVisibleVertices) drawVisibleDots(target, view);
}

void MeshGpuCuda::render(const FrameTarget& target, const MeshView& requested, GpuMethod method) {
    auto& m = *impl_;
    // the camera is computed here, on the host, exactly as renderMeshReference computes it for the CPU
    const MeshView view = withCamera(requested, target.width, target.height);
    const int tiles = ((target.width + 15) / 16) * ((target.height + 15) / 16);
    switch (method) {
    case GpuMethod::Lbvh:
        if (view.shading == Shading::Mask)
            launchKernel("mesh: traverse", renderKernel<kLbvhAnyHit>, tiles, 256, 0, target.stream, m.view(),
                         m.triangles.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
        else
            launchKernel("mesh: traverse", renderKernel<kLbvhClosestHit>, tiles, 256, 0, target.stream, m.view(),
                         m.triangles.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
        break;
    case GpuMethod::Brute:
        launchKernel("mesh: brute tiles", renderKernel<kBrute>, tiles, 256, 0, target.stream, m.view(), m.triangles.data(),
                     view, target.width, target.height, target.pixels, target.pitchBytes);
        break;
    case GpuMethod::BruteRacy:
        launchKernel("mesh: brute tiles (racy)", renderKernel<kBruteRacy>, tiles, 256, 0, target.stream, m.view(),
                     m.triangles.data(), view, target.width, target.height, target.pixels, target.pitchBytes);
        break;
    }
    if (view.showVisibleVertices) drawVisibleDots(target, view);
}

}  // namespace racelab::mesh
