// Point visibility on the GPU (racelab visibility, and the frame's dots): one thread per vertex asks whether a
// triangle blocks the way from the origin to it. The triangle test is the chosen rule (mesh_formulas.hpp, the
// same code as the CPU reference) and the LBVH's boxes are grown by the rule's slack (lbvh_traversal.cuh), so
// every method (LBVH, brute tiles, brute tiles without barriers) decides each vertex exactly as the CPU does.
#include "mesh/mesh_gpu.cuh"

#include "common/launch.cuh"
#include "core/gpu_timing.hpp"
#include "mesh/brute_tiles.cuh"
#include "mesh/lbvh_traversal.cuh"
#include "mesh/mesh_gpu_internal.cuh"

namespace racelab::mesh {
namespace {

using gpu::LbvhView;
using gpu::Triangle;
using gpu::xyz;

enum Method { kLbvh, kBrute, kBruteRacy };

template <int kMethod>
__global__ void __launch_bounds__(256) visibilityKernel(LbvhView bvh, const Triangle* triangles, const float4* vertices,
                                                        int vertexCount, Vec3 origin, VisibilityRule rule, float slack,
                                                        std::uint8_t* blocked) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const bool active = i < vertexCount;
    const Vec3 target = active ? xyz(vertices[i]) : origin;
    const Vec3 d = subRn(target, origin);  // as the CPU reference computes it
    bool b;
    if (kMethod == kLbvh) {
        if (!active) return;
        b = gpu::lbvhBlocked(bvh, rule, origin, target, d, slack);
    } else {
        b = gpu::tiledBlocked<kMethod == kBrute>(triangles, bvh.count, rule, origin, target, d, active);
    }
    if (active) blocked[i] = b;
}

}  // namespace

void MeshGpuCuda::Impl::launchVisibility(GpuMethod method, Vec3 origin, const VisibilityRule& rule, cudaStream_t s) {
    const unsigned blocks = blocksFor(vertexCount, 256);
    const float slack = visibilityBoxSlack(origin, scale);
    if (method == GpuMethod::Lbvh)
        launchKernel("mesh: visibility (lbvh)", visibilityKernel<kLbvh>, blocks, 256, 0, s, view(),
                     triangles.data(), vertices.data(), vertexCount, origin, rule, slack, blocked.data());
    else if (method == GpuMethod::Brute)
        launchKernel("mesh: visibility (brute)", visibilityKernel<kBrute>, blocks, 256, 0, s, view(), triangles.data(),
                     vertices.data(), vertexCount, origin, rule, slack, blocked.data());
    else
        launchKernel("mesh: visibility (racy)", visibilityKernel<kBruteRacy>, blocks, 256, 0, s, view(), triangles.data(),
                     vertices.data(), vertexCount, origin, rule, slack, blocked.data());
}

double MeshGpuCuda::visibility(Vec3 origin, GpuMethod method, std::vector<std::uint8_t>& blocked, cudaStream_t s,
                           const VisibilityRule& rule) {
    auto& m = *impl_;
    m.blocked.reserve(m.vertexCount, "visibility flags");
    GpuTimer timer(s);
    timer.start();
    m.launchVisibility(method, origin, rule, s);
    timer.stop();
    double ms = timer.elapsedMs();
    blocked.resize(static_cast<std::size_t>(m.vertexCount));
    CUDA_CHECK(cudaMemcpyAsync(blocked.data(), m.blocked.data(), blocked.size(), cudaMemcpyDeviceToHost, s));
    waitForStream(s);
    return ms;
}

}  // namespace racelab::mesh
