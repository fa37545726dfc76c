// Host-callable side of kernels/fourier/epicycles_gpu.cu: the epicycle drawing on the GPU, the CUDA
// implementation of FourierGpu (scenes/fourier/fourier_gpu.hpp).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "scenes/fourier/fourier_gpu.hpp"

namespace racelab::fourier {

class FourierGpuCuda final : public FourierGpu {
public:
    FourierGpuCuda();
    ~FourierGpuCuda() override;
    FourierGpuCuda(const FourierGpuCuda&) = delete;
    FourierGpuCuda& operator=(const FourierGpuCuda&) = delete;

    void setTerms(const std::vector<EpicycleTerm>& terms, cudaStream_t stream) override;
    void setSource(const std::vector<Vec2>& points, cudaStream_t stream) override;
    void draw(const FrameTarget& target, const DrawSettings& settings, long frame, int layer, DrawRaces races) override;
    void clearTrails() override;
    TrailSegments newTrailSegments(const FrameTarget& target, const DrawSettings& settings, long frame, int layer) override;
    void copyTrail(int layer, std::uint32_t* trail, cudaStream_t stream) override;
    void drawWithTrail(const FrameTarget& target, const DrawSettings& settings, long frame, int layer,
                       const std::uint32_t* trail) override;
    std::vector<std::uint32_t> downloadTrail(int layer, cudaStream_t stream) const override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::fourier
