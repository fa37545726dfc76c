// A scene's frame loop without a window: an EGL device context and a presenter on a stream of its own
// (bench; view where no display exists), or no GL at all (bench --present none; view when no context can
// be made). One place, so bench measures the loop view runs.
#pragma once
#include <memory>
#include <string>

#include "frame/frame_loop.hpp"
#include "app/scene_setup.hpp"
#include "core/gpu_timing.hpp"
#include "present/headless_egl.hpp"
#include "present/presenter.hpp"

namespace racelab {

enum class HeadlessGl {
    None,          // no GL: kernels into plain device memory (or host memory for the cpu backend)
    Required,      // an EGL context and a presenter, or the error that prevented them
    WhereAvailable // an EGL context when one can be made, otherwise no GL (`glNote` says why)
};

class HeadlessSession {
public:
    HeadlessSession(PreparedScene& prepared, PresentMode mode, HeadlessGl gl);
    FrameLoop& loop() { return *loop_; }
    cudaStream_t stream() const { return stream_.get(); }
    const HeadlessEglSurface* surface() const { return surface_.get(); }
    const Presenter* presenter() const { return presenter_.get(); }
    std::string presenterName() const { return presenter_ ? presenter_->name() : "none"; }
    const std::string& glNote() const { return glNote_; }  // HeadlessGl::WhereAvailable: why there is no GL
    // Frames of another size from the next one on (serve: the browser window's); surface, presenter or the
    // frames without GL alike.
    void resize(Size2 size);

private:
    CudaStream stream_;
    std::unique_ptr<HeadlessEglSurface> surface_;
    std::unique_ptr<Presenter> presenter_;
    std::unique_ptr<FrameLoop> loop_;
    std::string glNote_;
};

}  // namespace racelab
