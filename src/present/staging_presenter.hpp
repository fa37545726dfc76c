// Staging: the kernels draw into plain device memory; the frame goes device -> pinned host ->
// glBufferSubData. Slower than interop, but it works with any GL driver.
#pragma once
#include <cstdint>

#include "core/device_buffer.hpp"
#include "present/presenter.hpp"

namespace racelab {

class StagingPresenter final : public Presenter {
public:
    explicit StagingPresenter(cudaStream_t stream) : stream_(stream) {}
    ~StagingPresenter() override;
    std::string name() const override { return "staging"; }
    void resize(int width, int height) override;
    FrameTarget begin(FrameTiming& timing) override;
    void end(FrameTiming& timing) override;

private:
    cudaStream_t stream_;
    DeviceBuffer<std::uint8_t> device_;
    std::uint8_t* pinned_ = nullptr;
    std::size_t pinnedBytes_ = 0;
};

}  // namespace racelab
