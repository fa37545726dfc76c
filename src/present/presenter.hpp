// Presenter: begin() hands out this frame's FrameTarget, end() makes its pixels visible to GL as a texture.
//   interop-texture — the texture itself registered with CUDA: kernels -> device frame -> one device-to-device
//             2D copy into the mapped texture array; GL copies nothing.
//   interop-pbo — two PBOs registered with CUDA (WriteDiscard), used in turn: map -> kernels -> unmap,
//             PBO -> texture, so the kernels of the next frame write one PBO while GL reads the other.
//   staging — kernels into cudaMalloc memory -> pinned host -> glBufferSubData; the fallback when the GL
//             driver cannot share buffers with CUDA (Mesa/llvmpipe, WSL, hybrid laptops, VirtualGL).
//   cpu     — the scene's CPU reference draws into host memory -> glBufferSubData.
#pragma once
#include <memory>
#include <optional>
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

    // Frames one at a time (true, the default): end() waits for GL's copy, so stage times are honest. With
    // frames in flight (false) GL orders its copy before the blit without the CPU waiting for it.
    void setWaitForGl(bool wait) { waitForGl_ = wait; }

    GLuint texture() const { return frameTexture_.texture(); }
    int width() const { return frameTexture_.width(); }
    int height() const { return frameTexture_.height(); }
    // The texture's pixels as GL sees them (bottom row first): what the two presenters must agree on.
    HostImage readTexture() const;

protected:
    FrameTexture frameTexture_;
    std::string reason_;
    bool waitForGl_ = true;
};

// Interop is the faster of the two interop forms as measured (docs/BENCHMARKS.md); the other two name one.
enum class PresentMode { Auto, Interop, InteropTexture, InteropPbo, Staging };
// "auto", "interop", "interop-texture", "interop-pbo", "staging"; nullopt for any other name.
std::optional<PresentMode> presentModeNamed(const std::string& name);
inline constexpr const char* kPresentModeNames = "auto, interop, interop-texture, interop-pbo, staging";

// Auto: interop, falling back to staging with one log line when registration fails.
std::unique_ptr<Presenter> makePresenter(Backend backend, PresentMode mode, cudaStream_t stream, int width, int height);

}  // namespace racelab
