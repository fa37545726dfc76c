// Host-callable side of kernels/fourier/epicycles_gpu.cu: the epicycle drawing on the GPU.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/fourier/epicycle_formulas.hpp"

namespace racelab::fourier {

struct DrawSettings {
    FrameMapping mapping;
    float periodFrames;      // frames for one turn of the slowest epicycle
    bool showCircles, showArms, showSource;
    long trailFrom;          // the trail was cleared at this frame: it holds frames trailFrom+1 ..
};

class FourierGpu {
public:
    FourierGpu();
    ~FourierGpu();
    FourierGpu(const FourierGpu&) = delete;
    FourierGpu& operator=(const FourierGpu&) = delete;

    void setTerms(const std::vector<EpicycleTerm>& terms, cudaStream_t stream);
    // The preprocessed contour points (in the terms' coordinates), drawn as dots with showSource.
    void setSource(const std::vector<Vec2>& points, cudaStream_t stream);
    // Draws frame `frame`: the trail segments of every frame since the last call (good: coverage kept with
    // atomicMax; racy: plain read-modify-write blending), the circles and arms (chain by a block scan; racy:
    // a shared-memory scan missing a barrier), composed into the target.
    void draw(const FrameTarget& target, const DrawSettings& settings, long frame, bool racy);
    void clearTrail();
    std::vector<std::uint32_t> downloadTrail(cudaStream_t stream) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::fourier
