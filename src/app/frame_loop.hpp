// One frame loop for the window and for headless runs:
//   begin (map) -> advance + render (CUDA events around them) -> end (unmap, upload) -> blit -> overlay (UI)
//   -> swap, with every stage timed. Without a presenter (--present none) the scene draws into plain device
//   memory and nothing touches GL.
#pragma once
#include <functional>
#include <memory>
#include <optional>

#include "core/frame_timing.hpp"
#include "core/gpu_timing.hpp"
#include "core/host_image.hpp"
#include "scenes/scene.hpp"

namespace racelab {

class Presenter;
class GlSurface;
class Blit;
class RaceMeter;

struct FrameControls {
    int variant = 0;
    bool paused = false;
    bool stepOnce = false;      // advance one step while paused
    bool raceMeter = true;      // compare non-good variants with the good one (cuda backend)
    bool raceOverlay = false;   // paint the differing pixels magenta
};

struct RaceReading {
    bool valid = false;
    long differing = 0;
    long total = 0;
    double percent() const { return total ? 100.0 * static_cast<double>(differing) / static_cast<double>(total) : 0.0; }
};

// Sizes the presenter to the surface's framebuffer. Returns false (and touches nothing) while the surface
// is empty, e.g. a minimized window: no frame is drawn and no empty buffer is ever registered.
bool fitPresenterToSurface(Presenter& presenter, const GlSurface& surface);

class FrameLoop {
public:
    // presenter and surface may be null (no GL: --present none, or the render/check commands).
    FrameLoop(Scene& scene, Presenter* presenter, GlSurface* surface, cudaStream_t stream);
    ~FrameLoop();

    // Size of the frames rendered when there is no presenter.
    void setHeadlessSize(int width, int height);
    // Runs one frame. `overlay` draws on top of the blit (the ImGui panel) before the swap.
    FrameTiming runFrame(const FrameControls& controls, const std::function<void()>& overlay = {});
    // Asks the next frame to read back what was drawn (the whole window with its UI when there is a surface).
    void captureNextFrame() { captureRequested_ = true; }
    std::optional<HostImage> takeCapture();
    // The last frame's pixels as rendered by the scene (no UI), read back from the device or texture.
    HostImage lastFramePixels();

    const RaceReading& race() const { return race_; }
    long frameIndex() const { return frameIndex_; }
    void setScene(Scene& scene) { scene_ = &scene; frameIndex_ = 0; }

private:
    Scene* scene_;
    Presenter* presenter_;
    GlSurface* surface_;
    cudaStream_t stream_;
    GpuTimer timer_;
    std::unique_ptr<Blit> blit_;
    std::unique_ptr<RaceMeter> raceMeter_;
    struct NoGlTarget;
    std::unique_ptr<NoGlTarget> noGl_;
    RaceReading race_;
    long frameIndex_ = 0;
    bool captureRequested_ = false;
    std::optional<HostImage> capture_;
};

}  // namespace racelab
