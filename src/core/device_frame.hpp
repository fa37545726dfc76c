// A frame in plain device memory (no GL): the target for --present none, render, check and the race
// meter's reference frame. Only built with CUDA.
#pragma once
#include <cstdint>

#include "core/device_buffer.hpp"
#include "core/frame_target.hpp"
#include "core/host_image.hpp"

namespace racelab {

class DeviceFrame {
public:
    void resize(int width, int height);
    FrameTarget target(cudaStream_t stream) const;
    HostImage download(cudaStream_t stream) const;
    const std::uint8_t* data() const { return buffer_.data(); }
    int width() const { return width_; }
    int height() const { return height_; }

private:
    DeviceBuffer<std::uint8_t> buffer_;
    int width_ = 0, height_ = 0;
};

}  // namespace racelab
