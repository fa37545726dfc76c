// Presenter: begin() hands out this frame's FrameTarget, end() makes its pixels visible to GL as a texture.
//   interop — PBO registered with CUDA (WriteDiscard), map -> kernels -> unmap, PBO -> texture.
//   staging — kernels into cudaMalloc memory -> pinned host -> glBufferSubData; the fallback when the GL
//             driver cannot share buffers with CUDA (Mesa/llvmpipe, WSL, hybrid laptops, VirtualGL).
//   cpu     — the scene's CPU reference draws into host memory -> glBufferSubData.
#pragma once
#include <memory>
#include <string>

#include "core/frame_target.hpp"
#include "core/frame_timing.hpp"
#include "core/host_image.hpp"
#include "present/frame_texture.hpp"

namespace racelab {

class Presenter {
public:
    virtual ~Presenter() = default;
    virtual std::string name() const = 0;
    const std::string& reason() const { return reason_; }
    void setReason(std::string reason) { reason_ = std::move(reason); }

    // Sizes the buffers for the next frames; registration happens only when the size changes.
    virtual void resize(int width, int height) = 0;
    virtual FrameTarget begin(FrameTiming& timing) = 0;  // fills mapMs
    virtual void end(FrameTiming& timing) = 0;           // fills unmapMs and uploadMs
    // The cpu presenter's host frame (the reference renders into it); nullptr for device presenters.
    virtual HostImage* hostImage() { return nullptr; }

    GLuint texture() const { return frameTexture_.texture(); }
    int width() const { return frameTexture_.width(); }
    int height() const { return frameTexture_.height(); }
    // The texture's pixels as GL sees them (bottom row first): what the two presenters must agree on.
    HostImage readTexture() const;

protected:
    FrameTexture frameTexture_;
    std::string reason_;
};

enum class PresentMode { Auto, Interop, Staging };

// Auto: interop, falling back to staging with one log line when registration fails.
std::unique_ptr<Presenter> makePresenter(Backend backend, PresentMode mode, cudaStream_t stream, int width, int height);

}  // namespace racelab
