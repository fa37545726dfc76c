// The mesh scene's side of a user kernel: each frame's inputs (the triangles as the GPU holds them and the
// orbit camera, computed on the host exactly as the CPU reference computes it), the hit mask as the output,
// cleared before the kernel runs and shaded as the hit-mask view after it.
#include "scenes/mesh/mesh_gpu.hpp"
#include "scenes/mesh/mesh_kernel_contract.hpp"
#include "scenes/mesh/mesh_scene.hpp"

namespace racelab::mesh {

KernelFrame MeshScene::userKernelFrame(const FrameTarget& target) {
    ensureGpu(target.stream);
    const MeshDeviceTriangles t = gpu_->deviceTriangles();
    const Camera camera = withCamera(view(), target.width, target.height).camera;
    using L = MeshParameterLayout;
    const std::size_t pixels = static_cast<std::size_t>(target.width) * static_cast<std::size_t>(target.height);
    KernelFrame f;
    f.inputs = {{"triangles", t.triangles, t.bytes}};
    f.outputs = {{"hit", pixels}};
    f.parameters.assign(L::bytes, 0);
    putParameter(f.parameters, L::triangleCount, static_cast<std::int32_t>(t.count));
    putParameter(f.parameters, L::width, static_cast<std::int32_t>(target.width));
    putParameter(f.parameters, L::height, static_cast<std::int32_t>(target.height));
    const auto putVector = [&](std::size_t offset, Vec3 v) {
        putParameter(f.parameters, offset, v.x);
        putParameter(f.parameters, offset + 4, v.y);
        putParameter(f.parameters, offset + 8, v.z);
    };
    putVector(L::eye, camera.eye);
    putVector(L::forward, camera.forward);
    putVector(L::right, camera.right);
    putVector(L::up, camera.up);
    putParameter(f.parameters, L::tanHalfFov, camera.tanHalfFov);
    putParameter(f.parameters, L::aspect, camera.aspect);
    f.pointers = {{L::triangles, false, 0}, {L::hit, true, 0}};
    const std::int64_t tiles = static_cast<std::int64_t>((target.width + 15) / 16) * ((target.height + 15) / 16);
    f.sizes = {static_cast<std::int64_t>(pixels), t.count, tiles};
    f.width = target.width;
    f.height = target.height;
    return f;
}

void MeshScene::prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) {
    gpu_->clearHitMask(static_cast<std::uint8_t*>(outputs[0]),
                       static_cast<std::size_t>(target.width) * static_cast<std::size_t>(target.height), target.stream);
}

void MeshScene::drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) {
    gpu_->drawHitMask(static_cast<const std::uint8_t*>(outputs[0]), target, view());
}

}  // namespace racelab::mesh
