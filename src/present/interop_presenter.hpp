// CUDA-GL buffer interop: the PBO is registered once per size (WriteDiscard: CUDA never reads it), mapped
// for the kernels and unmapped before GL touches it, every frame, on one stream.
#pragma once
#include "present/presenter.hpp"

struct cudaGraphicsResource;

namespace racelab {

class InteropPresenter final : public Presenter {
public:
    explicit InteropPresenter(cudaStream_t stream) : stream_(stream) {}
    ~InteropPresenter() override;
    std::string name() const override { return "interop"; }
    void resize(int width, int height) override;  // throws Error when registration fails
    FrameTarget begin(FrameTiming& timing) override;
    void end(FrameTiming& timing) override;

private:
    void unregister();
    cudaStream_t stream_;
    cudaGraphicsResource* resource_ = nullptr;
    bool mapped_ = false;
};

}  // namespace racelab
