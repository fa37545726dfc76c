// One frame loop for the window and for headless runs:
//   begin (map) -> advance + render (CUDA events around them) -> end (unmap, upload) -> blit -> overlay (UI)
//   -> swap, with every stage timed. Without a presenter (--present none) the scene draws into plain device
//   memory and nothing touches GL.
// Frames go one at a time by default: every stage is waited for, so each stage time is the stage's own
// (latency). With N frames in flight (setFramesInFlight) nothing waits inside a frame: unmapping orders CUDA
// before GL, GL orders its own copy before the blit, and the loop waits only for the frame N - 1 before the
// one just queued (its CUDA events, then its GL fence). The kernel time a frame returns is then that earlier
// frame's, and the other stage times are the CPU's time to queue the work (throughput).
#pragma once
#include <functional>
#include <memory>
#include <optional>

#include "core/frame_timing.hpp"
#include "core/gpu_timing.hpp"
#include "core/late_gpu_timer.hpp"
#include "frame/frame_controls.hpp"
#include "core/host_image.hpp"
#include "present/pixel_rect.hpp"
#include "scenes/scene.hpp"

namespace racelab {

class Presenter;
class GlSurface;
class Blit;
class RaceMeter;
class FrameGraph;
class GlFrameFences;

// Reads the drawn frame on the GL side (the viewer's video recording, app/viewer/viewer_video.hpp). The frame loop
// calls it with the surface's framebuffer bound, once after the scene's blit with the scene's rectangle and
// once after the overlay (the panel) with the whole surface; it reads whichever it records.
class FrameTap {
public:
    virtual ~FrameTap() = default;
    virtual void afterScene(const PixelRect& scene) = 0;
    virtual void afterOverlay(const PixelRect& whole) = 0;
};

// Sizes the presenter to the surface's framebuffer right of its first `left` columns (the viewer's docked
// panel). Returns false (and touches nothing) while that part is empty, e.g. a minimized window: no frame is
// drawn and no empty buffer is ever registered.
bool fitPresenterToSurface(Presenter& presenter, const GlSurface& surface, int left = 0);

class FrameLoop {
public:
    // presenter and surface may be null (no GL: --present none, or the render/check commands).
    FrameLoop(Scene& scene, Presenter* presenter, GlSurface* surface, cudaStream_t stream);
    ~FrameLoop();

    // The scene is blitted right of the surface's first `left` columns (see fitPresenterToSurface).
    void setSceneLeft(int left) { sceneLeft_ = left; }
    // Something that reads every drawn frame back (nullptr: nothing); only with a surface.
    void setTap(FrameTap* tap) { tap_ = tap; }
    // 1 (the default): frames one at a time, every stage waited for. N > 1: up to N frames queued; waits for
    // the frames still in flight first.
    void setFramesInFlight(int frames);
    int framesInFlight() const { return timer_.depth(); }
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
    // The plain view's frames run as CUDA graphs where they can (on by default; bench compares both).
    FrameGraph& graph() { return *graph_; }
    long frameIndex() const { return frameIndex_; }
    // The scene to draw from now on (also after a reset): the frame count and the heat map's window start again.
    void setScene(Scene& scene);

private:
    // runFrame's steps, in order.
    FrameTarget beginFrame(bool onGpu, FrameTiming& timing);
    void renderScene(const FrameControls& controls, const FrameTarget& target, bool onGpu, bool step, FrameTiming& timing);
    void renderOnGpu(const FrameControls& controls, const FrameTarget& target, bool step, FrameTiming& timing);
    void renderOnCpu(bool step, FrameTiming& timing);
    void presentOnSurface(const std::function<void()>& overlay, FrameTiming& timing);
    void finishWithoutSurface();

    Scene* scene_;
    Presenter* presenter_;
    GlSurface* surface_;
    cudaStream_t stream_;
    LateGpuTimer timer_;
    std::unique_ptr<GlFrameFences> fences_;
    std::unique_ptr<Blit> blit_;
    std::unique_ptr<RaceMeter> raceMeter_;
    struct NoGlTarget;
    std::unique_ptr<NoGlTarget> noGl_;
    std::unique_ptr<FrameGraph> graph_;
    RaceReading race_;
    long frameIndex_ = 0;
    int sceneLeft_ = 0;
    FrameTap* tap_ = nullptr;
    bool captureRequested_ = false;
    std::optional<HostImage> capture_;
};

}  // namespace racelab
