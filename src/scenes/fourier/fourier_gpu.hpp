// The fourier scenes' GPU half that draws the epicycles, as the scene sees it: plain C++, implemented in CUDA
// by FourierGpuCuda (kernels/fourier/epicycles_gpu.cuh) and made with makeGpuHalf<FourierGpu>("fourier"),
// which throws in a build without CUDA.
#pragma once
#include <cstdint>
#include <vector>

#include "core/frame_target.hpp"
#include "core/gpu_half.hpp"
#include "scenes/fourier/epicycle_formulas.hpp"

namespace racelab::fourier {

struct DrawSettings {
    FrameMapping mapping;
    float periodFrames;      // frames for one turn of the slowest epicycle
    bool showCircles, showArms, showSource;
    long trailFrom;          // the trail was cleared at this frame: it holds frames trailFrom+1 ..
};

class FourierGpu : public GpuHalf {
public:
    virtual void setTerms(const std::vector<EpicycleTerm>& terms, cudaStream_t stream) = 0;
    // The preprocessed contour points (in the terms' coordinates), drawn as dots with showSource.
    virtual void setSource(const std::vector<Vec2>& points, cudaStream_t stream) = 0;
    // Draws frame `frame`: the trail segments of every frame since the last call (good: coverage kept with
    // atomicMax; racy: plain read-modify-write blending), the circles and arms (chain by a block scan; racy:
    // a shared-memory scan missing a barrier), composed into the target.
    virtual void draw(const FrameTarget& target, const DrawSettings& settings, long frame, bool racy) = 0;
    virtual void clearTrail() = 0;
    virtual std::vector<std::uint32_t> downloadTrail(cudaStream_t stream) const = 0;
};

}  // namespace racelab::fourier
