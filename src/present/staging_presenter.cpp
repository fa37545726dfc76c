#ifdef RACELAB_HAVE_CUDA
#include "present/staging_presenter.hpp"

#include "core/kernel_timing.hpp"

#include "core/stopwatch.hpp"
#include "present/gl_check.hpp"

namespace racelab {

StagingPresenter::~StagingPresenter() {
    if (pinned_) cudaFreeHost(pinned_);
}

void StagingPresenter::resize(int width, int height) {
    frameTexture_.ensureSize(width, height);
    std::size_t bytes = static_cast<std::size_t>(width) * height * 4;
    if (device_.bytes() != bytes) device_.allocate(bytes, "staging frame");
    if (pinnedBytes_ != bytes) {
        if (pinned_) cudaFreeHost(pinned_);
        pinned_ = nullptr;
        CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&pinned_), bytes));
        pinnedBytes_ = bytes;
    }
}

FrameTarget StagingPresenter::begin(FrameTiming& timing) {
    timing.mapMs = 0;
    return {device_.data(), width(), height(), static_cast<std::size_t>(width()) * 4, stream_, true};
}

void StagingPresenter::end(FrameTiming& timing) {
    Stopwatch download;
    CUDA_CHECK(cudaMemcpyAsync(pinned_, device_.data(), pinnedBytes_, cudaMemcpyDeviceToHost, stream_));
    waitForStream(stream_);  // the staging path waits by design: the pinned copy must land before GL reads it
    timing.unmapMs = download.ms();
    Stopwatch upload;
    GL_CHECK(glNamedBufferSubData(frameTexture_.pbo(), 0, static_cast<GLsizeiptr>(pinnedBytes_), pinned_));
    frameTexture_.uploadFromPbo(waitForGl_);
    timing.uploadMs = upload.ms();
}

}  // namespace racelab
#endif
