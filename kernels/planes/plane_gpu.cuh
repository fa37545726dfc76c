// Host-callable side of kernels/planes/: the planes on the GPU, their generation and compositing, the CUDA
// implementation of PlaneGpu (scenes/planes/plane_gpu.hpp). Which file does what is described in
// plane_gpu_internal.cuh.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "scenes/planes/plane_gpu.hpp"

namespace racelab::planes {

class PlaneGpuCuda final : public PlaneGpu {
public:
    PlaneGpuCuda();
    ~PlaneGpuCuda() override;
    PlaneGpuCuda(const PlaneGpuCuda&) = delete;
    PlaneGpuCuda& operator=(const PlaneGpuCuda&) = delete;

    double generate(const PlaneSettings& settings, int width, int height, cudaStream_t stream) override;
    void composite(const FrameTarget& target, const PlaneSettings& settings, long frame, bool racy) override;
    void downloadPlanes(std::uint8_t* host, cudaStream_t stream) const override;
    std::size_t bytes() const override;
    int width() const override;
    int height() const override;
    int lastGroups() const override;
    PlaneDeviceInputs deviceInputs(const PlaneSettings& settings, long frame, cudaStream_t stream) override;
    void clearResult(float* result, cudaStream_t stream) override;
    void storeResult(const float* result, const PlaneSettings& settings, const FrameTarget& target) override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::planes
