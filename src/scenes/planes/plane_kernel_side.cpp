// The planes scene's side of a user kernel: each frame's inputs (the planes the GPU generated and this
// frame's scroll offsets, as the variants use them), the float4 result as the output, cleared to zero before
// the kernel runs and stored into the frame after it as the racy variant stores its own.
//
// The hand-over copies the planes every frame (the worker sees copies only): planes x width x height x 4 bytes,
// 150 MB for planes/default at 1000x600, so large presets run the user's kernel far slower than the variants.
#include "scenes/planes/plane_gpu.hpp"
#include "scenes/planes/plane_kernel_contract.hpp"
#include "scenes/planes/plane_scene.hpp"

namespace racelab::planes {

KernelFrame PlaneScene::userKernelFrame(const FrameTarget& target) {
    refreshLiveSettings();
    ensureDevicePlanes(target.width, target.height, target.stream);
    const PlaneDeviceInputs in = gpu_->deviceInputs(settings_, frame_, target.stream);
    using L = PlaneParameterLayout;
    const std::size_t pixels = static_cast<std::size_t>(target.width) * static_cast<std::size_t>(target.height);
    KernelFrame f;
    f.inputs = {{"planes", in.planes, in.planeBytes}, {"offsets", in.offsets, in.offsetBytes}};
    f.outputs = {{"result", 4 * sizeof(float) * pixels}};
    f.parameters.assign(L::bytes, 0);
    putParameter(f.parameters, L::planeCount, static_cast<std::int32_t>(settings_.planes));
    putParameter(f.parameters, L::width, static_cast<std::int32_t>(target.width));
    putParameter(f.parameters, L::height, static_cast<std::int32_t>(target.height));
    putParameter(f.parameters, L::blend, static_cast<std::int32_t>(settings_.blend));
    putParameter(f.parameters, L::alpha, settings_.alpha);
    f.pointers = {{L::planes, false, 0}, {L::offsets, false, 1}, {L::result, true, 0}};
    const auto total = static_cast<std::int64_t>(pixels);
    f.sizes = {total, settings_.planes, total * settings_.planes};
    f.width = target.width;
    f.height = target.height;
    return f;
}

void PlaneScene::prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) {
    gpu_->clearResult(static_cast<float*>(outputs[0]), target.stream);
}

void PlaneScene::drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) {
    gpu_->storeResult(static_cast<const float*>(outputs[0]), settings_, target);
}

}  // namespace racelab::planes
