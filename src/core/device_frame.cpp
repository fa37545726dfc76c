#ifdef RACELAB_HAVE_CUDA
#include "core/device_frame.hpp"

#include "core/kernel_timing.hpp"

namespace racelab {

void DeviceFrame::resize(int width, int height) {
    if (width == width_ && height == height_) return;
    buffer_.allocate(static_cast<std::size_t>(width) * height * 4,
                     "a " + std::to_string(width) + "x" + std::to_string(height) + " frame");
    width_ = width;
    height_ = height;
}

FrameTarget DeviceFrame::target(cudaStream_t stream) const {
    return {buffer_.data(), width_, height_, static_cast<std::size_t>(width_) * 4, stream, true};
}

HostImage DeviceFrame::download(cudaStream_t stream) const {
    HostImage image(width_, height_);
    CUDA_CHECK(cudaMemcpyAsync(image.pixels.data(), buffer_.data(), image.byteSize(), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);
    return image;
}

}  // namespace racelab
#endif
