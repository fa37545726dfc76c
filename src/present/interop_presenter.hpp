// CUDA-GL interop in two forms (both registered once per size, both on one stream):
//   PboInteropPresenter — two PBOs (WriteDiscard: CUDA never reads them) used in turn. A frame maps one,
//     the kernels write it, it is unmapped and GL copies it into the texture; the next frame writes the other,
//     so with frames in flight its kernels need not wait for GL's copy of the last one.
//   TextureInteropPresenter — the texture itself is registered. The kernels write plain device memory; end()
//     maps the texture's array, copies the frame into it (one device-to-device 2D copy) and unmaps: GL copies
//     nothing, and the kernels never write memory GL owns.
// Unmapping is what orders CUDA's writes before GL's reads; mapping waits for GL's use of the resource.
#pragma once
#include <array>

#include "core/device_buffer.hpp"
#include "present/presenter.hpp"

struct cudaGraphicsResource;

namespace racelab {

class PboInteropPresenter final : public Presenter {
public:
    explicit PboInteropPresenter(cudaStream_t stream) : stream_(stream) {}
    ~PboInteropPresenter() override;
    std::string name() const override { return "interop-pbo"; }
    void resize(int width, int height) override;  // throws Error when registration fails
    FrameTarget begin(FrameTiming& timing) override;
    void end(FrameTiming& timing) override;

private:
    void release();
    static constexpr int kBuffers = 2;
    cudaStream_t stream_;
    std::array<GLuint, kBuffers> pbos_{};
    std::array<cudaGraphicsResource*, kBuffers> resources_{};
    int current_ = 0;  // the PBO this frame writes
    bool mapped_ = false;
};

class TextureInteropPresenter final : public Presenter {
public:
    explicit TextureInteropPresenter(cudaStream_t stream) : stream_(stream) {}
    ~TextureInteropPresenter() override;
    std::string name() const override { return "interop-texture"; }
    void resize(int width, int height) override;  // throws Error when registration fails
    FrameTarget begin(FrameTiming& timing) override;
    void end(FrameTiming& timing) override;

private:
    void unregister();
    cudaStream_t stream_;
    DeviceBuffer<std::uint8_t> frame_;  // what the kernels write
    cudaGraphicsResource* resource_ = nullptr;
    bool mapped_ = false;
};

}  // namespace racelab
