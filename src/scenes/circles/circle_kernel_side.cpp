// The circles scene's side of a user kernel: each frame's inputs in CS149's layout (the circle arrays as the
// GPU holds them after this frame's animation step), the course's float4 image as the output, cleared before
// the kernel runs and turned into the frame after it.
#include "scenes/circles/circle_gpu.hpp"
#include "scenes/circles/circle_kernel_contract.hpp"
#include "scenes/circles/circle_scene.hpp"

namespace racelab::circles {

KernelFrame CircleScene::userKernelFrame(const FrameTarget& target) {
    uploadIfStale(target.stream);
    const CircleDeviceArrays a = gpu_->deviceArrays();
    const std::size_t n = static_cast<std::size_t>(a.count);
    using L = CourseParameterLayout;
    KernelFrame f;
    f.inputs = {{"position", a.position, 3 * n * sizeof(float)},
                {"velocity", a.velocity, 3 * n * sizeof(float)},
                {"color", a.color, 3 * n * sizeof(float)},
                {"radius", a.radius, n * sizeof(float)}};
    f.outputs = {{"imageData", 4 * sizeof(float) * static_cast<std::size_t>(target.width) * static_cast<std::size_t>(target.height)}};
    f.parameters.assign(L::bytes, 0);
    putParameter(f.parameters, L::sceneName, static_cast<std::int32_t>(courseSceneName(preset_)));
    putParameter(f.parameters, L::numCircles, static_cast<std::int32_t>(a.count));
    putParameter(f.parameters, L::imageWidth, static_cast<std::int32_t>(target.width));
    putParameter(f.parameters, L::imageHeight, static_cast<std::int32_t>(target.height));
    f.pointers = {{L::position, false, 0}, {L::velocity, false, 1}, {L::color, false, 2}, {L::radius, false, 3},
                  {L::imageData, true, 0}};
    const std::int64_t tiles = static_cast<std::int64_t>((target.width + 15) / 16) * ((target.height + 15) / 16);
    f.sizes = {a.count, static_cast<std::int64_t>(target.width) * target.height, tiles};
    f.width = target.width;
    f.height = target.height;
    f.wholeFileScene = WholeFileScene{preset_, static_cast<unsigned>(seed_.asInt()), countAdjustable_ ? count_.asInt() : 0,
                                      steps_, generation_};
    return f;
}

void CircleScene::prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) {
    gpu_->clearCourseImage(static_cast<float*>(outputs[0]), target.width, target.height, set_.snow, target.stream);
}

void CircleScene::drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) {
    gpu_->courseImageToTarget(static_cast<const float*>(outputs[0]), target);
}

}  // namespace racelab::circles
