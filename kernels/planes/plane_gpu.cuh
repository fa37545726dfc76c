// Host-callable side of kernels/planes/: the planes on the GPU, their generation and compositing. Which
// file does what is described in plane_gpu_internal.cuh.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/frame_target.hpp"
#include "scenes/planes/plane_formulas.hpp"

namespace racelab::planes {

class PlaneGpu {
public:
    PlaneGpu();
    ~PlaneGpu();
    PlaneGpu(const PlaneGpu&) = delete;
    PlaneGpu& operator=(const PlaneGpu&) = delete;

    // (Re)allocates width x height x planes RGBA8 (refusing, with the numbers, what does not fit) and
    // rasterizes every plane. Returns the generation's GPU time in ms.
    double generate(const PlaneSettings& settings, int width, int height, cudaStream_t stream);
    // good: one thread per 4 pixels (16-byte loads) in 4 plane groups joined in order; racy: one thread per
    // (pixel, plane) with unsynchronized read-modify-write of the result.
    void composite(const FrameTarget& target, const PlaneSettings& settings, long frame, bool racy);
    void downloadPlanes(std::uint8_t* host, cudaStream_t stream) const;
    std::size_t bytes() const;
    int width() const;
    int height() const;
    int lastGroups() const;  // plane groups the last good composite was split into

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::planes
