// Host-callable side of kernels/circles/: the GPU state and renderers of the circle scenes, the CUDA
// implementation of CircleGpu (scenes/circles/circle_gpu.hpp). The pipeline and which file does what are
// described in circle_gpu_internal.cuh.
#pragma once
#include <memory>

#include "scenes/circles/circle_gpu.hpp"

namespace racelab::circles {

class CircleGpuCuda final : public CircleGpu {
public:
    CircleGpuCuda();
    ~CircleGpuCuda() override;
    CircleGpuCuda(const CircleGpuCuda&) = delete;
    CircleGpuCuda& operator=(const CircleGpuCuda&) = delete;

    void upload(const CircleSet& set, cudaStream_t stream) override;
    void download(CircleSet& set, cudaStream_t stream) const override;
    void advance(Animation animation, cudaStream_t stream) override;
    void render(const FrameTarget& target, CircleVariant variant) override;
    CircleRenderStats lastStats() const override;
    CircleDeviceArrays deviceArrays() const override;
    void clearCourseImage(float* image, int width, int height, bool snow, cudaStream_t stream) override;
    void courseImageToTarget(const float* image, const FrameTarget& target) override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::circles
