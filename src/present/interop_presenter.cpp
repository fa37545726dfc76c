#ifdef RACELAB_HAVE_CUDA
#include "present/interop_presenter.hpp"

#include <cuda_gl_interop.h>

#include "core/cuda_check.hpp"
#include "core/fault_injection.hpp"
#include "core/stopwatch.hpp"

namespace racelab {

InteropPresenter::~InteropPresenter() {
    if (mapped_) cudaGraphicsUnmapResources(1, &resource_, stream_);
    unregister();
}

void InteropPresenter::unregister() {
    if (resource_) cudaGraphicsUnregisterResource(resource_);
    resource_ = nullptr;
}

void InteropPresenter::resize(int width, int height) {
    bool recreated = frameTexture_.ensureSize(width, height);
    if (!recreated && resource_) return;
    unregister();  // the old registration refers to the deleted PBO
    if (faultInjection().failInterop) throw Error("cudaGraphicsGLRegisterBuffer: refused (simulated with --simulate-interop-failure)");
    cudaError_t status = cudaGraphicsGLRegisterBuffer(&resource_, frameTexture_.pbo(), cudaGraphicsRegisterFlagsWriteDiscard);
    if (status != cudaSuccess) {
        resource_ = nullptr;
        cudaGetLastError();
        throw Error(std::string("cudaGraphicsGLRegisterBuffer: ") + cudaGetErrorString(status));
    }
}

FrameTarget InteropPresenter::begin(FrameTiming& timing) {
    Stopwatch map;
    CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream_));
    mapped_ = true;
    void* pointer = nullptr;
    std::size_t bytes = 0;
    CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&pointer, &bytes, resource_));
    timing.mapMs = map.ms();
    return {static_cast<std::uint8_t*>(pointer), width(), height(), static_cast<std::size_t>(width()) * 4, stream_, true};
}

void InteropPresenter::end(FrameTiming& timing) {
    Stopwatch unmap;
    CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource_, stream_));  // orders the kernels before GL's use
    mapped_ = false;
    timing.unmapMs = unmap.ms();
    Stopwatch upload;
    frameTexture_.uploadFromPbo();
    timing.uploadMs = upload.ms();
}

}  // namespace racelab
#endif
