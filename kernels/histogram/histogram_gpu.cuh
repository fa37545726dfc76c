// Host-callable side of kernels/histogram/: the inputs and bins on the GPU, the CUDA implementation of
// HistogramGpu (scenes/histogram/histogram_gpu.hpp). count.cu holds the three counting kernels (the point of
// the workload); histogram_gpu.cu the rest: making the inputs, drawing the bars, the copies.
#pragma once
#include <cstdint>
#include <vector>

#include "core/device_buffer.hpp"
#include "scenes/histogram/histogram_gpu.hpp"

namespace racelab::histogram {

class HistogramGpuCuda final : public HistogramGpu {
public:
    HistogramGpuCuda();

    void generate(Distribution distribution, std::uint32_t seed, int count, int bins, cudaStream_t stream) override;
    void upload(const std::vector<std::uint32_t>& inputs, int bins, cudaStream_t stream) override;
    void uploadReference(const std::vector<std::uint32_t>& referenceBins, cudaStream_t stream) override;
    void count(Counting counting, cudaStream_t stream) override;
    void draw(const FrameTarget& target, long long maxReferenceCount) override;
    std::vector<std::uint32_t> downloadBins(cudaStream_t stream) const override;
    std::vector<std::uint32_t> downloadInputs(cudaStream_t stream) const override;
    HistogramDeviceInputs deviceInputs() const override { return {inputs_.data(), count_, binCount_}; }
    void clearBins(std::uint32_t* bins, cudaStream_t stream) override;
    void drawBins(const std::uint32_t* bins, const FrameTarget& target, long long maxReferenceCount) override;

private:
    DeviceBuffer<std::uint32_t> inputs_;     // one bin index per input
    DeviceBuffer<std::uint32_t> bins_;       // the GPU's counts, zeroed at every count()
    DeviceBuffer<std::uint32_t> reference_;  // the CPU reference's counts, drawn in the right halves
    int count_ = 0, binCount_ = 0;
    int smCount_ = 132;
};

}  // namespace racelab::histogram
