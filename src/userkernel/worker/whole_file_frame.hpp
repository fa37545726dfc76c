// A whole-file solution's frame in the kernel worker, timed as the course's harness times it: the course's
// calls one after another, each by the wall clock up to a device synchronize and by CUDA events, then its
// getImage() copied into racelab's output. Apart from the launch-list executor (kernel_executor.cu), which
// owns the stream, the timers and racelab's buffers and lends them here. CUDA host code: included only by
// the worker's .cu files.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "userkernel/worker/kernel_executor.hpp"

namespace racelab::userkernel {

// The solution's own image buffer (the course's Image::data, pageable memory from new[]) page-locked where it
// lies, once: from the next frame on, both crossings of the image -- getImage's readback into it and the copy
// from it to racelab -- are DMA transfers, not copies staged through a driver buffer. Best effort: a buffer
// that cannot be pinned is copied as before.
class PinnedImage {
public:
    PinnedImage() = default;
    PinnedImage(const PinnedImage&) = delete;
    PinnedImage& operator=(const PinnedImage&) = delete;
    ~PinnedImage() { release(); }
    void pin(const float* image, std::size_t bytes);
    // Before the solution may free its image (a new scene or size), so that a new buffer at the same address
    // is not read through the old one's pinning.
    void release();

private:
    const float* image_ = nullptr;
    std::size_t bytes_ = 0;
};

// What the executor lends a whole-file frame: its stream, three pairs of timing events (one a call) and
// racelab's output 0, which the image goes into.
struct WholeFileFrameTools {
    cudaStream_t stream = nullptr;
    const std::vector<std::pair<cudaEvent_t, cudaEvent_t>>& timers;
    void* output = nullptr;
    PinnedImage& pinned;
};

// What a whole-file frame costs racelab's side of the worker before any of the solution's calls: the worker's
// context woken on its stream (KernelExecutor::idleFrame, which racelab times to know its own share).
void wakeWorker(cudaStream_t stream);

// KernelExecutor::runWholeFileFrame's work: clearImage, `advances` x advanceAnimation, render, getImage.
FrameTimes runWholeFileCalls(WholeFileCalls& calls, int advances, const KernelFrame& frame, const WholeFileFrameTools& tools);

}  // namespace racelab::userkernel
