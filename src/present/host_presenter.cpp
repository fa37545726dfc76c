#include "present/host_presenter.hpp"

#include "core/stopwatch.hpp"
#include "present/gl_check.hpp"

namespace racelab {

void HostPresenter::resize(int width, int height) {
    frameTexture_.ensureSize(width, height);
    if (image_.width != width || image_.height != height) image_ = HostImage(width, height);
}

FrameTarget HostPresenter::begin(FrameTiming& timing) {
    timing.mapMs = 0;
    return {image_.pixels.data(), image_.width, image_.height, static_cast<std::size_t>(image_.width) * 4, nullptr, false};
}

void HostPresenter::end(FrameTiming& timing) {
    timing.unmapMs = 0;
    Stopwatch upload;
    GL_CHECK(glNamedBufferSubData(frameTexture_.pbo(), 0, static_cast<GLsizeiptr>(image_.byteSize()), image_.pixels.data()));
    frameTexture_.uploadFromPbo(waitForGl_);
    timing.uploadMs = upload.ms();
}

}  // namespace racelab
