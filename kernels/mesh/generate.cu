// The bumpy cube-sphere's vertices on the GPU: one thread per vertex, the same formulas as the CPU generator
// (scenes/mesh/bumpy_sphere_formulas.hpp, rounded one operation at a time), so the two agree bit for bit.
// Only the vertices: the triangles are integers the host fills as fast as it could copy them.
#include "mesh/mesh_gpu.cuh"

#include <string>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/errors.hpp"
#include "mesh/mesh_gpu_internal.cuh"
#include "scenes/mesh/bumpy_sphere_formulas.hpp"

namespace racelab::mesh {
namespace {

__global__ void bumpyVertices(int n, std::uint32_t count, float* out /* x y z per vertex */) {
    const std::uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= count) return;
    const Vec3 p = bumpyVertexAt(v, n);
    out[3 * static_cast<std::size_t>(v)] = p.x;
    out[3 * static_cast<std::size_t>(v) + 1] = p.y;
    out[3 * static_cast<std::size_t>(v) + 2] = p.z;
}

}  // namespace

std::vector<Vec3> MeshGpuCuda::generateBumpyVertices(int cells, cudaStream_t stream) {
    static_assert(sizeof(Vec3) == 3 * sizeof(float), "Vec3 is three packed floats: downloaded as they are");
    if (cells < 1 || cells > kMaxBumpyCells)
        throw UsageError("bumpy sphere: " + std::to_string(cells) + " cells along an edge is outside 1.." +
                         std::to_string(kMaxBumpyCells));
    const std::size_t count = static_cast<std::size_t>(bumpyVertexCount(cells));
    // The whole mesh's need, before the generation: a GPU too small for it refuses now, with the numbers.
    requireDeviceMemory(gpu::meshDeviceBytes(static_cast<std::size_t>(bumpyTriangleCount(cells)), count),
                        "a mesh of " + std::to_string(bumpyTriangleCount(cells)) + " triangles");
    // A scratch buffer of its own: freed on return, before the mesh itself is uploaded.
    DeviceBuffer<float> scratch(3 * count, "bumpy sphere vertices (" + std::to_string(count) + ")");
    launchKernel("mesh: bumpy sphere vertices", bumpyVertices, blocksFor(count, 256), 256, 0, stream, cells,
                 static_cast<std::uint32_t>(count), scratch.data());
    static_assert(sizeof(Vec3) == 3 * sizeof(float), "the scratch holds packed x, y, z");
    return downloadNow(reinterpret_cast<const Vec3*>(scratch.data()), count, stream);
}

}  // namespace racelab::mesh
