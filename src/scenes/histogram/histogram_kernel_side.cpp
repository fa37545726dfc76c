// The histogram scene's side of a user kernel: each frame's inputs (the bin indices the GPU holds), the user's
// bins as the output, zeroed before the kernel runs and drawn as the chart's left halves after it, beside the
// reference's, exactly as the family's own variants draw theirs.
#include "scenes/histogram/histogram_gpu.hpp"
#include "scenes/histogram/histogram_kernel_contract.hpp"
#include "scenes/histogram/histogram_scene.hpp"

namespace racelab::histogram {

KernelFrame HistogramScene::userKernelFrame(const FrameTarget& target) {
    ensureDeviceInputs(target.stream);
    const HistogramDeviceInputs in = gpu_->deviceInputs();
    using L = HistogramParameterLayout;
    KernelFrame f;
    f.inputs = {{"values", in.values, static_cast<std::size_t>(in.count) * sizeof(std::uint32_t)}};
    f.outputs = {{"histogram", static_cast<std::size_t>(in.bins) * sizeof(std::uint32_t)}};
    f.parameters.assign(L::bytes, 0);
    putParameter(f.parameters, L::count, static_cast<std::int32_t>(in.count));
    putParameter(f.parameters, L::bins, static_cast<std::int32_t>(in.bins));
    f.pointers = {{L::values, false, 0}, {L::histogram, true, 0}};
    f.sizes = {in.count, in.bins};
    f.width = target.width;
    f.height = target.height;
    return f;
}

void HistogramScene::prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) {
    gpu_->clearBins(static_cast<std::uint32_t*>(outputs[0]), target.stream);
}

void HistogramScene::drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) {
    gpu_->drawBins(static_cast<const std::uint32_t*>(outputs[0]), target, largestReference_);
}

}  // namespace racelab::histogram
