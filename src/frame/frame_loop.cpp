#include "frame/frame_loop.hpp"

#include "frame/race_meter.hpp"
#include "core/errors.hpp"
#include "core/frame_graph.hpp"
#include "core/kernel_timing.hpp"
#include "core/stopwatch.hpp"
#include "present/blit.hpp"
#include "present/gl_frame_fences.hpp"
#include "present/gl_check.hpp"
#include "present/gl_surface.hpp"
#include "present/presenter.hpp"

#ifdef RACELAB_HAVE_CUDA
#include "core/device_frame.hpp"
#endif

namespace racelab {

// Frames without GL: device memory for the cuda backend, host memory for the cpu backend.
struct FrameLoop::NoGlTarget {
#ifdef RACELAB_HAVE_CUDA
    DeviceFrame device;
#endif
    HostImage host;
    int width = 0, height = 0;
};

bool fitPresenterToSurface(Presenter& presenter, const GlSurface& surface, int left) {
    Size2 size = surface.framebufferSize();
    size.width -= left;
    if (size.width <= 0 || size.height <= 0) return false;
    if (size.width != presenter.width() || size.height != presenter.height()) presenter.resize(size.width, size.height);
    return true;
}

FrameLoop::FrameLoop(Scene& scene, Presenter* presenter, GlSurface* surface, cudaStream_t stream)
    : scene_(&scene), presenter_(presenter), surface_(surface), stream_(stream), timer_(stream),
      raceMeter_(std::make_unique<RaceMeter>()), noGl_(std::make_unique<NoGlTarget>()),
      graph_(std::make_unique<FrameGraph>()) {
    if (surface_) blit_ = std::make_unique<Blit>();
    if (presenter_) fences_ = std::make_unique<GlFrameFences>();
}

void FrameLoop::setFramesInFlight(int frames) {
    RACELAB_REQUIRE(frames >= 1, "frames in flight must be at least 1");
    timer_.setDepth(frames);
    if (fences_) {
        glFinish();
        fences_->setDepth(frames);
    }
    if (presenter_) presenter_->setWaitForGl(frames == 1);
}

FrameLoop::~FrameLoop() = default;

void FrameLoop::setHeadlessSize(int width, int height) {
    noGl_->width = width;
    noGl_->height = height;
}

FrameTiming FrameLoop::runFrame(const FrameControls& controls, const std::function<void()>& overlay) {
    Stopwatch frame;
    FrameTiming timing;
    const bool onGpu = scene_->backend() == Backend::Cuda;
    const FrameTarget target = beginFrame(onGpu, timing);
    const bool step = (!controls.paused || controls.stepOnce) && frameIndex_ > 0;  // frame 0 is the initial state
    renderScene(controls, target, onGpu, step, timing);
    if (presenter_) presenter_->end(timing);
    // One at a time: this frame's kernels; in flight: those of an earlier frame (0 until the first is read).
    if (onGpu) timing.kernelMs = timer_.finish().value_or(0.0);
    if (surface_ && presenter_) presentOnSurface(overlay, timing);
    else finishWithoutSurface();
    ++frameIndex_;
    timing.frameMs = frame.ms();
    return timing;
}

// Where the scene draws this frame: the presenter's buffer, or without GL plain device or host memory.
FrameTarget FrameLoop::beginFrame(bool onGpu, FrameTiming& timing) {
    FrameTarget target;
    if (presenter_) {
        target = presenter_->begin(timing);
    } else if (onGpu) {
#ifdef RACELAB_HAVE_CUDA
        noGl_->device.resize(noGl_->width, noGl_->height);
        target = noGl_->device.target(stream_);
#endif
    } else {
        if (noGl_->host.width != noGl_->width || noGl_->host.height != noGl_->height)
            noGl_->host = HostImage(noGl_->width, noGl_->height);
        target = {noGl_->host.pixels.data(), noGl_->width, noGl_->height, static_cast<std::size_t>(noGl_->width) * 4,
                  nullptr, false};
    }
    return target;
}

void FrameLoop::renderScene(const FrameControls& controls, const FrameTarget& target, bool onGpu, bool step,
                            FrameTiming& timing) {
    try {
        if (onGpu) renderOnGpu(controls, target, step, timing);
        else renderOnCpu(step, timing);
    } catch (...) {
        // Give the buffer back to GL (unmap) so that the caller can go on with another scene.
        if (presenter_) {
            FrameTiming ignored;
            presenter_->end(ignored);
        }
        throw;
    }
}

void FrameLoop::renderOnGpu(const FrameControls& controls, const FrameTarget& target, bool step, FrameTiming& timing) {
    // A comparison view's time includes both renders and the composition; the plain view's is the
    // scene's render alone (the meter's second render comes after the timer).
    const bool compare = controls.view != RaceView::Plain && target.onDevice;
    timer_.start();
    Stopwatch issue;
    if (compare) {
        if (step) scene_->advance(kFixedStepSeconds, stream_);
        race_ = raceMeter_->renderView(*scene_, target, controls);
    } else {
        // The scene's frame as one CUDA graph where it can be (core/frame_graph.hpp).
        graph_->run(stream_, {scene_, controls.variant, target.width, target.height}, [&] {
            if (step) scene_->advance(kFixedStepSeconds, stream_);
            scene_->render(target, controls.variant);
        });
    }
    timing.issueMs = issue.ms();
    timer_.stop();
    if (compare) race_.exact = scene_->exactRaceCount(stream_);  // the racy variant was rendered last
    // The meter's work is one named step, so per-step timing shows it apart from the scene's own steps.
    else if (controls.raceMeter) {
        NamedGpuStep meterStep("race meter", stream_);
        race_ = raceMeter_->measure(*scene_, target, controls.variant);
    } else {
        race_ = {};
    }
}

void FrameLoop::renderOnCpu(bool step, FrameTiming& timing) {
    Stopwatch cpu;
    if (step) scene_->advance(kFixedStepSeconds, stream_);
    HostImage* host = presenter_ ? presenter_->hostImage() : &noGl_->host;
    RACELAB_REQUIRE(host != nullptr, "the cpu backend needs a host frame");
    scene_->renderReference(*host, true);
    timing.kernelMs = cpu.ms();
    race_ = {};
}

// The scene blitted right of the panel's columns, the overlay over the whole surface, then the swap.
void FrameLoop::presentOnSurface(const std::function<void()>& overlay, FrameTiming& timing) {
    Stopwatch present;
    surface_->bindForDrawing();
    if (sceneLeft_ > 0) {  // the panel's columns are cleared, the scene goes right of them
        glClearColor(0.f, 0.f, 0.f, 1.f);
        glClear(GL_COLOR_BUFFER_BIT);
        glViewport(sceneLeft_, 0, presenter_->width(), presenter_->height());
    }
    blit_->draw(presenter_->texture());
    if (tap_) tap_->afterScene({sceneLeft_, 0, presenter_->width(), presenter_->height()});
    if (sceneLeft_ > 0) surface_->bindForDrawing();  // the overlay spans the whole surface
    if (overlay) overlay();
    if (tap_) {
        const Size2 whole = surface_->framebufferSize();
        tap_->afterOverlay({0, 0, whole.width, whole.height});
    }
    if (captureRequested_) {
        capture_ = surface_->readPixels();
        captureRequested_ = false;
    }
    surface_->swap();
    fences_->endFrame();  // glFinish one at a time; in flight, the wait for an earlier frame
    timing.presentMs = present.ms();
}

void FrameLoop::finishWithoutSurface() {
    if (fences_) fences_->endFrame();
    if (captureRequested_) {
        capture_ = lastFramePixels();
        captureRequested_ = false;
    }
}

void FrameLoop::setScene(Scene& scene) {
    scene_ = &scene;
    frameIndex_ = 0;
    graph_->reset();
    raceMeter_->restartHeat();
}

std::optional<HostImage> FrameLoop::takeCapture() {
    auto out = std::move(capture_);
    capture_.reset();
    return out;
}

HostImage FrameLoop::lastFramePixels() {
    if (presenter_) return presenter_->readTexture();
    if (scene_->backend() == Backend::Cpu) return noGl_->host;
#ifdef RACELAB_HAVE_CUDA
    return noGl_->device.download(stream_);
#else
    return noGl_->host;
#endif
}

}  // namespace racelab
