// The fourier scene's side of a user kernel, which draws the pen's trail: each frame's inputs (the pen at the
// end of every frame the kernel's trail has not drawn yet, computed on the GPU as the variants compute them),
// the trail's coverage as the output, filled with the trail so far before the kernel runs and kept after it,
// then the circles and arms drawn over it and the frame composed as the good variant does.
//
// The kernel's trail is a layer of its own (numbered after the family's variants), so that the variants drawn
// beside it (the race meter's good one) never see its pixels, nor it theirs.
#include "scenes/fourier/fourier_gpu.hpp"
#include "scenes/fourier/fourier_kernel_contract.hpp"
#include "scenes/fourier/fourier_scene.hpp"

namespace racelab::fourier {

namespace {
// The trail layer of the user's kernel: after the family's variants' own layers.
int userLayer(const FourierScene& scene) { return static_cast<int>(scene.variants().size()); }
}  // namespace

KernelFrame FourierScene::userKernelFrame(const FrameTarget& target) {
    const DrawSettings s = prepareGpuDraw(target);
    const TrailSegments segments = gpu_->newTrailSegments(target, s, frame_, userLayer(*this));
    using L = TrailParameterLayout;
    const std::size_t pixels = static_cast<std::size_t>(target.width) * static_cast<std::size_t>(target.height);
    KernelFrame f;
    f.inputs = {{"pens", segments.pens, (static_cast<std::size_t>(segments.segments) + 1) * sizeof(Vec2)}};
    f.outputs = {{"trail", pixels * sizeof(std::uint32_t)}};
    f.parameters.assign(L::bytes, 0);
    putParameter(f.parameters, L::segments, static_cast<std::int32_t>(segments.segments));
    putParameter(f.parameters, L::width, static_cast<std::int32_t>(target.width));
    putParameter(f.parameters, L::height, static_cast<std::int32_t>(target.height));
    putParameter(f.parameters, L::radius, kTrailRadius);
    f.pointers = {{L::pens, false, 0}, {L::trail, true, 0}};
    f.sizes = {segments.segments, static_cast<std::int64_t>(segments.segments) * kUserThreadsPerSegment,
               static_cast<std::int64_t>(pixels)};
    f.width = target.width;
    f.height = target.height;
    return f;
}

void FourierScene::prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) {
    gpu_->copyTrail(userLayer(*this), static_cast<std::uint32_t*>(outputs[0]), target.stream);
}

void FourierScene::drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) {
    const DrawSettings s{mappingFor(target.width, target.height), periodFrames(), showCircles_.asBool(),
                         showArms_.asBool(), showSource_.asBool(), trailFrom_};
    gpu_->drawWithTrail(target, s, frame_, userLayer(*this), static_cast<const std::uint32_t*>(outputs[0]));
}

}  // namespace racelab::fourier
