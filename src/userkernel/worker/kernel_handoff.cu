// racelab's side of the hand-over to the kernel worker (kernel_handoff.hpp). Host code only.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "core/cuda_check.hpp"
#include "userkernel/worker/kernel_handoff.hpp"

namespace racelab::userkernel {
namespace {

IpcHandle memoryHandle(void* pointer) {
    cudaIpcMemHandle_t h;
    CUDA_CHECK(cudaIpcGetMemHandle(&h, pointer));
    IpcHandle out{};
    std::memcpy(out.data(), &h, sizeof h);
    return out;
}

class KernelHandoffCuda final : public KernelHandoff {
public:
    KernelHandoffCuda() {
        CUDA_CHECK(cudaEventCreateWithFlags(&ready_, cudaEventInterprocess | cudaEventDisableTiming));
        cudaIpcEventHandle_t h;
        CUDA_CHECK(cudaIpcGetEventHandle(&h, ready_));
        std::memcpy(readyHandle_.data(), &h, sizeof h);
    }
    ~KernelHandoffCuda() override {
        releaseRetired();
        for (Buffer& b : inputs_) cudaFree(b.memory);
        for (Buffer& b : outputs_) cudaFree(b.memory);
        cudaEventDestroy(ready_);
    }

    bool reserve(const std::vector<std::size_t>& inputBytes, const std::vector<std::size_t>& outputBytes) override {
        const bool fits = fitsIn(inputs_, inputBytes) && fitsIn(outputs_, outputBytes);
        if (fits) return false;
        // Grown by a quarter more than asked, so a scene growing a little each frame does not re-open every frame.
        for (Buffer& b : inputs_) retired_.push_back(b.memory);
        for (Buffer& b : outputs_) retired_.push_back(b.memory);
        inputs_ = allocate(inputBytes, 0);
        outputs_ = allocate(outputBytes, kGuardBytes);
        outputPointers_.clear();
        for (Buffer& b : outputs_) outputPointers_.push_back(b.memory);
        return true;
    }

    IpcBuffers handles() const override {
        IpcBuffers out;
        for (const Buffer& b : inputs_) out.inputs.push_back(b.handle);
        for (const Buffer& b : outputs_) out.outputs.push_back(b.handle);
        out.inputsReady = readyHandle_;
        return out;
    }

    void releaseRetired() override {
        for (void* p : retired_) cudaFree(p);
        retired_.clear();
    }

    void* const* outputs() const override { return outputPointers_.data(); }

    void handOver(const KernelFrame& frame, cudaStream_t stream) override {
        // The guard after each output, refilled every frame: the worker counts what a kernel wrote there.
        for (std::size_t i = 0; i < outputs_.size() && i < frame.outputs.size(); ++i)
            CUDA_CHECK(cudaMemsetAsync(static_cast<std::uint8_t*>(outputs_[i].memory) + frame.outputs[i].bytes, kGuardPattern,
                                       kGuardBytes, stream));
        for (std::size_t i = 0; i < frame.inputs.size(); ++i)
            if (frame.inputs[i].bytes)
                CUDA_CHECK(cudaMemcpyAsync(inputs_[i].memory, frame.inputs[i].device, frame.inputs[i].bytes,
                                           cudaMemcpyDeviceToDevice, stream));
        CUDA_CHECK(cudaEventRecord(ready_, stream));
    }

    void waitUntilPrepared(cudaStream_t stream) override { CUDA_CHECK(cudaStreamSynchronize(stream)); }

    void fillPlaceholder(const FrameTarget& target) override {
        CUDA_CHECK(cudaMemset2DAsync(target.pixels, target.pitchBytes, 0x30, static_cast<std::size_t>(target.width) * 4,
                                     static_cast<std::size_t>(target.height), target.stream));
    }

private:
    struct Buffer {
        void* memory = nullptr;
        std::size_t bytes = 0;
        IpcHandle handle{};
    };

    static bool fitsIn(const std::vector<Buffer>& have, const std::vector<std::size_t>& want) {
        if (have.size() != want.size()) return false;
        for (std::size_t i = 0; i < want.size(); ++i)
            if (want[i] > have[i].bytes) return false;
        return true;
    }

    // `guard` bytes more than asked stay past the usable size at all times.
    static std::vector<Buffer> allocate(const std::vector<std::size_t>& sizes, std::size_t guard) {
        std::vector<Buffer> out;
        for (std::size_t bytes : sizes) {
            Buffer b;
            b.bytes = std::max<std::size_t>(256, bytes + bytes / 4);
            CUDA_CHECK(cudaMalloc(&b.memory, b.bytes + guard));  // plain cudaMalloc: the only memory IPC can export
            b.handle = memoryHandle(b.memory);
            out.push_back(b);
        }
        return out;
    }

    cudaEvent_t ready_ = nullptr;
    IpcHandle readyHandle_{};
    std::vector<Buffer> inputs_, outputs_;
    std::vector<void*> outputPointers_;
    std::vector<void*> retired_;
};

}  // namespace

std::unique_ptr<KernelHandoff> makeKernelHandoff() { return std::make_unique<KernelHandoffCuda>(); }

double imageCrossingsMs(std::size_t bytes) {
    void* host = nullptr;
    void* device = nullptr;
    cudaEvent_t begin = nullptr, end = nullptr;
    CUDA_CHECK(cudaMallocHost(&host, bytes));
    auto release = [&] {
        cudaFreeHost(host), cudaFree(device), cudaEventDestroy(begin), cudaEventDestroy(end);
    };
    try {
        CUDA_CHECK(cudaMalloc(&device, bytes));
        CUDA_CHECK(cudaEventCreate(&begin));
        CUDA_CHECK(cudaEventCreate(&end));
        auto median = [&](cudaMemcpyKind kind) {
            std::vector<float> ms;
            for (int i = 0; i < 6; ++i) {  // the first warms the path and is left out
                CUDA_CHECK(cudaEventRecord(begin, 0));
                CUDA_CHECK(kind == cudaMemcpyHostToDevice ? cudaMemcpy(device, host, bytes, kind) : cudaMemcpy(host, device, bytes, kind));
                CUDA_CHECK(cudaEventRecord(end, 0));
                CUDA_CHECK(cudaEventSynchronize(end));
                float t = 0;
                CUDA_CHECK(cudaEventElapsedTime(&t, begin, end));
                if (i > 0) ms.push_back(t);
            }
            std::sort(ms.begin(), ms.end());  // core/stats.hpp is C++20, this file nvcc's C++17
            return static_cast<double>(ms[ms.size() / 2]);
        };
        const double total = median(cudaMemcpyHostToDevice) + median(cudaMemcpyDeviceToHost);
        release();
        return total;
    } catch (...) {
        release();
        throw;
    }
}

}  // namespace racelab::userkernel
