// The fourier scenes' GPU half that draws the epicycles, as the scene sees it: plain C++, implemented in CUDA
// by FourierGpuCuda (kernels/fourier/epicycles_gpu.cuh) and made with makeGpuHalf<FourierGpu>("fourier"),
// which throws in a build without CUDA.
#pragma once
#include <cstdint>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/fourier/epicycle_formulas.hpp"

namespace racelab::fourier {

struct DrawSettings {
    FrameMapping mapping;
    float periodFrames;      // frames for one turn of the slowest epicycle
    bool showCircles, showArms, showSource;
    long trailFrom;          // the trail was cleared at this frame: it holds frames trailFrom+1 ..
};

// Which of the two drawings race: the chain of centres (a scan missing its barriers: the arms jump) and
// the trail (a maximum read and written apart: lost updates, speckles). The variants race one, the other or both.
struct DrawRaces {
    bool chain = false;
    bool trail = false;
};

// A trail layer's new segments, for a user's kernel (fourier_kernel_side.cpp): the pen at the end of every
// frame the layer has not drawn yet, in frame pixels (segments + 1 points).
struct TrailSegments {
    const Vec2* pens = nullptr;
    int segments = 0;
};

class FourierGpu : public GpuHalf {
public:
    virtual void setTerms(const std::vector<EpicycleTerm>& terms, cudaStream_t stream) = 0;
    // The preprocessed contour points (in the terms' coordinates), drawn as dots with showSource.
    virtual void setSource(const std::vector<Vec2>& points, cudaStream_t stream) = 0;
    // Draws frame `frame` with trail layer `layer` (one per variant, so that drawing one variant never
    // changes another's trail): the segments of every frame since that layer was last drawn (good: coverage
    // kept with atomicMax; racy: the same maximum read and written apart), the circles and arms (chain by a block
    // scan; racy: a shared-memory scan missing a barrier), composed into the target.
    virtual void draw(const FrameTarget& target, const DrawSettings& settings, long frame, int layer, DrawRaces races) = 0;
    virtual void clearTrails() = 0;
    // For a user's kernel, which draws the trail of layer `layer` in a buffer of its own: the layer made ready
    // for frame `frame` as draw() makes it (started again on a new size, a rewind or a cleared trail) and the
    // pens of its new segments, not yet counted as drawn; the layer's trail copied into `trail`; and, when the
    // kernel has added the segments there, `trail` kept as the layer's trail up to `frame`, the circles and
    // arms drawn over it (the chain by the block scan) and the frame composed.
    virtual TrailSegments newTrailSegments(const FrameTarget& target, const DrawSettings& settings, long frame, int layer) = 0;
    virtual void copyTrail(int layer, std::uint32_t* trail, cudaStream_t stream) = 0;
    virtual void drawWithTrail(const FrameTarget& target, const DrawSettings& settings, long frame, int layer,
                               const std::uint32_t* trail) = 0;
    virtual std::vector<std::uint32_t> downloadTrail(int layer, cudaStream_t stream) const = 0;
};

}  // namespace racelab::fourier
