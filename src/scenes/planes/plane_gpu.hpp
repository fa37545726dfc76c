// The planes scenes' GPU half as the scene sees it: plain C++, implemented in CUDA by PlaneGpuCuda
// (kernels/planes/plane_gpu.cuh) and made with makeGpuHalf<PlaneGpu>("planes"), which throws in a build
// without CUDA.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/planes/plane_formulas.hpp"

namespace racelab::planes {

// The planes as they are on the device and this frame's scroll offsets, for a user's kernel
// (plane_kernel_side.cpp).
struct PlaneDeviceInputs {
    const std::uint8_t* planes = nullptr;  // planes x width x height straight RGBA8
    std::size_t planeBytes = 0;            // of all of them
    const void* offsets = nullptr;         // int2 per plane
    std::size_t offsetBytes = 0;
};

class PlaneGpu : public GpuHalf {
public:
    // (Re)allocates width x height x planes RGBA8 (refusing, with the numbers, what does not fit) and
    // rasterizes every plane. Returns the generation's GPU time in ms.
    virtual double generate(const PlaneSettings& settings, int width, int height, cudaStream_t stream) = 0;
    // good: one thread per 4 pixels (16-byte loads) in 4 plane groups joined in order; racy: one thread per
    // (pixel, plane) with unsynchronized read-modify-write of the result.
    virtual void composite(const FrameTarget& target, const PlaneSettings& settings, long frame, bool racy) = 0;
    virtual void downloadPlanes(std::uint8_t* host, cudaStream_t stream) const = 0;
    virtual std::size_t bytes() const = 0;
    virtual int width() const = 0;
    virtual int height() const = 0;
    virtual int lastGroups() const = 0;  // plane groups the last good composite was split into

    // For a user's kernel (plane_kernel_side.cpp): the planes and frame `frame`'s offsets (computed now, as the
    // variants compute them), the float4 result cleared to zero, and the result turned into the frame.
    virtual PlaneDeviceInputs deviceInputs(const PlaneSettings& settings, long frame, cudaStream_t stream) = 0;
    virtual void clearResult(float* result, cudaStream_t stream) = 0;
    virtual void storeResult(const float* result, const PlaneSettings& settings, const FrameTarget& target) = 0;
};

}  // namespace racelab::planes
