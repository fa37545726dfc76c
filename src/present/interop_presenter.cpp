#ifdef RACELAB_HAVE_CUDA
#include "present/interop_presenter.hpp"

#include <cuda_gl_interop.h>

#include "core/cuda_check.hpp"
#include "core/fault_injection.hpp"
#include "core/kernel_timing.hpp"
#include "core/stopwatch.hpp"
#include "present/gl_check.hpp"

namespace racelab {
namespace {

// Registration is where a GL driver that cannot share with CUDA says so (Mesa's llvmpipe, for one): the
// caller falls back to staging on the Error.
void requireRegistered(cudaError_t status, const char* what) {
    if (faultInjection().failInterop) throw Error(std::string(what) + ": refused (simulated with --simulate-interop-failure)");
    if (status == cudaSuccess) return;
    cudaGetLastError();
    throw Error(std::string(what) + ": " + cudaGetErrorString(status));
}

}  // namespace

PboInteropPresenter::~PboInteropPresenter() { release(); }

void PboInteropPresenter::release() {
    if (mapped_) cudaGraphicsUnmapResources(1, &resources_[current_], stream_);
    mapped_ = false;
    for (int i = 0; i < kBuffers; ++i) {
        if (resources_[i]) cudaGraphicsUnregisterResource(resources_[i]);
        if (pbos_[i]) glDeleteBuffers(1, &pbos_[i]);
        resources_[i] = nullptr;
        pbos_[i] = 0;
    }
}

void PboInteropPresenter::resize(int width, int height) {
    const bool recreated = frameTexture_.ensureSize(width, height);
    if (!recreated && resources_[0]) return;
    release();
    const auto bytes = static_cast<GLsizeiptr>(width) * height * 4;
    for (int i = 0; i < kBuffers; ++i) {
        // Immutable storage the CPU never maps (flags 0): the driver keeps it in video memory. A mutable
        // GL_STREAM_DRAW buffer may be placed where the CPU can write it, and the kernels then write across
        // the bus (docs/BENCHMARKS.md: the interop frame's kernel time).
        GL_CHECK(glCreateBuffers(1, &pbos_[i]));
        GL_CHECK(glNamedBufferStorage(pbos_[i], bytes, nullptr, 0));
        cudaError_t status = cudaGraphicsGLRegisterBuffer(&resources_[i], pbos_[i], cudaGraphicsRegisterFlagsWriteDiscard);
        if (status != cudaSuccess) resources_[i] = nullptr;
        try {
            requireRegistered(status, "cudaGraphicsGLRegisterBuffer");
        } catch (...) {
            release();
            throw;
        }
    }
    current_ = 0;
}

FrameTarget PboInteropPresenter::begin(FrameTiming& timing) {
    Stopwatch map;
    CUDA_CHECK(cudaGraphicsMapResources(1, &resources_[current_], stream_));
    mapped_ = true;
    void* pointer = nullptr;
    std::size_t bytes = 0;
    CUDA_CHECK(cudaGraphicsResourceGetMappedPointer(&pointer, &bytes, resources_[current_]));
    timing.mapMs = map.ms();
    return {static_cast<std::uint8_t*>(pointer), width(), height(), static_cast<std::size_t>(width()) * 4, stream_, true};
}

void PboInteropPresenter::end(FrameTiming& timing) {
    Stopwatch unmap;
    CUDA_CHECK(cudaGraphicsUnmapResources(1, &resources_[current_], stream_));  // orders the kernels before GL's use
    mapped_ = false;
    timing.unmapMs = unmap.ms();
    Stopwatch upload;
    frameTexture_.uploadFromBuffer(pbos_[current_], waitForGl_);
    timing.uploadMs = upload.ms();
    current_ = (current_ + 1) % kBuffers;
}

TextureInteropPresenter::~TextureInteropPresenter() {
    if (mapped_) cudaGraphicsUnmapResources(1, &resource_, stream_);
    unregister();
}

void TextureInteropPresenter::unregister() {
    if (resource_) cudaGraphicsUnregisterResource(resource_);
    resource_ = nullptr;
}

void TextureInteropPresenter::resize(int width, int height) {
    const bool recreated = frameTexture_.ensureSize(width, height);
    const std::size_t bytes = static_cast<std::size_t>(width) * height * 4;
    if (frame_.size() != bytes) frame_.allocate(bytes, "interop frame");
    if (!recreated && resource_) return;
    unregister();  // the old registration refers to the deleted texture
    cudaError_t status = cudaGraphicsGLRegisterImage(&resource_, frameTexture_.texture(), GL_TEXTURE_2D,
                                                     cudaGraphicsRegisterFlagsWriteDiscard);
    if (status != cudaSuccess) resource_ = nullptr;
    requireRegistered(status, "cudaGraphicsGLRegisterImage");
}

FrameTarget TextureInteropPresenter::begin(FrameTiming& timing) {
    timing.mapMs = 0;  // the texture is mapped only for the copy, in end()
    return {frame_.data(), width(), height(), static_cast<std::size_t>(width()) * 4, stream_, true};
}

void TextureInteropPresenter::end(FrameTiming& timing) {
    Stopwatch copy;
    CUDA_CHECK(cudaGraphicsMapResources(1, &resource_, stream_));
    mapped_ = true;
    cudaArray_t array = nullptr;
    CUDA_CHECK(cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0));
    const std::size_t rowBytes = static_cast<std::size_t>(width()) * 4;
    // Row 0 of the frame is the bottom row, as it is row 0 of a GL texture: no flip.
    CUDA_CHECK(cudaMemcpy2DToArrayAsync(array, 0, 0, frame_.data(), rowBytes, rowBytes, static_cast<std::size_t>(height()),
                                        cudaMemcpyDeviceToDevice, stream_));
    CUDA_CHECK(cudaGraphicsUnmapResources(1, &resource_, stream_));  // orders the copy before GL's use
    mapped_ = false;
    timing.unmapMs = copy.ms();
    timing.uploadMs = 0;  // GL copies nothing
    if (waitForGl_) waitForStream(stream_);  // frames one at a time: the copy's time is honest
}

}  // namespace racelab
#endif
