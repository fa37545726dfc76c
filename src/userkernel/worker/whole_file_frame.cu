// A whole-file solution's frame in the kernel worker (whole_file_frame.hpp). Host code only.
#include "userkernel/worker/whole_file_frame.hpp"

#include <chrono>
#include <string>

#include "userkernel/worker/launch_tables.hpp"  // checkCuda, cudaText

namespace racelab::userkernel {
namespace {

// Does nothing: launched before a whole-file frame's timed calls, so that the GPU's switch from racelab's
// context to the worker's (some 0.1 ms, racelab's cost of two processes) falls outside them.
__global__ void wakeWorkerContext() {}

}  // namespace

void PinnedImage::pin(const float* image, std::size_t bytes) {
    if (image == image_ && bytes == bytes_) return;
    release();
    image_ = image, bytes_ = bytes;
    if (cudaHostRegister(const_cast<float*>(image), bytes, cudaHostRegisterDefault) != cudaSuccess) image_ = nullptr;
    cudaGetLastError();
}

void PinnedImage::release() {
    if (image_) cudaHostUnregister(const_cast<float*>(image_));
    cudaGetLastError();
    image_ = nullptr, bytes_ = 0;
}

void wakeWorker(cudaStream_t stream) {
    wakeWorkerContext<<<1, 1, 0, stream>>>();
    checkCuda(cudaStreamSynchronize(stream), "waking the worker's context");
}

FrameTimes runWholeFileCalls(WholeFileCalls& calls, int advances, const KernelFrame& frame, const WholeFileFrameTools& tools) {
    wakeWorker(tools.stream);
    FrameTimes times;
    times.stepMs.assign(3, 0.0);
    times.eventStepMs.assign(3, 0.0);
    // The course's measure: the wall clock around the call, which ends in a device synchronize; the events
    // go on the legacy default stream, which the solution's own launches use unless it made streams.
    auto timed = [&](int index, const char* name, auto&& call) {
        const auto& [begin, end] = tools.timers[static_cast<std::size_t>(index)];
        checkCuda(cudaEventRecord(begin, 0), "timing");
        const auto start = std::chrono::steady_clock::now();
        call();
        const cudaError_t done = cudaDeviceSynchronize();
        times.stepMs[index] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (done != cudaSuccess)
            throw KernelFault(calls.label() + ": the solution faulted (" + cudaText(done) + ") in its " + name + "()");
        // An error the solution left unread (a launch it never checked) is told, not hidden in a wrong frame.
        if (const cudaError_t left = cudaGetLastError(); left != cudaSuccess)
            throw Error(calls.label() + ": a CUDA call in its " + name + "() failed and the solution did not check it (" +
                        cudaText(left) + ")");
        checkCuda(cudaEventRecord(end, 0), "timing");
        checkCuda(cudaEventSynchronize(end), "timing");
        float ms = 0;
        cudaEventElapsedTime(&ms, begin, end);
        times.eventStepMs[index] += ms;
    };
    timed(0, "clearImage", [&] { calls.clearImage(); });
    for (int i = 0; i < advances; ++i) timed(1, "advanceAnimation", [&] { calls.advanceAnimation(); });
    timed(2, "render", [&] { calls.render(); });
    times.kernelMs = times.stepMs[0] + times.stepMs[1] + times.stepMs[2];

    const auto imageStart = std::chrono::steady_clock::now();
    int width = 0, height = 0;
    const float* image = calls.image(width, height);
    if (!image) throw Error(calls.label() + ": getImage() returned no image");
    if (width != frame.width || height != frame.height)
        throw Error(calls.label() + ": getImage() returned a " + std::to_string(width) + "x" + std::to_string(height) +
                    " image for a " + std::to_string(frame.width) + "x" + std::to_string(frame.height) + " frame");
    const std::size_t bytes = 4 * sizeof(float) * static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (frame.outputs.empty() || frame.outputs[0].bytes < bytes) throw Error("the frame's output is smaller than its image");
    tools.pinned.pin(image, bytes);
    checkCuda(cudaMemcpy(tools.output, image, bytes, cudaMemcpyHostToDevice), "copying the image to racelab");
    times.imageMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - imageStart).count();
    return times;
}

}  // namespace racelab::userkernel
