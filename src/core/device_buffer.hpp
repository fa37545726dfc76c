// RAII device allocation that checks free GPU memory first, so an oversized request is refused with the
// numbers instead of failing somewhere inside a kernel launch. Only built with CUDA.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/cuda_check.hpp"
#include "core/frame_graph.hpp"
#include "core/kernel_timing.hpp"

namespace racelab {

// Throws InsufficientMemoryError("... needs N MiB of GPU memory, M MiB free ...") when `bytes` will not fit
// (a simulated refusal, RACELAB_FAIL_GPU_ALLOC, stays a plain Error: it stands for a fault, not a small GPU).
void requireDeviceMemory(std::size_t bytes, const std::string& what);
// True when a CUDA device can be used by this process.
bool cudaDeviceAvailable(std::string* whyNot = nullptr);

template <typename T>
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(std::size_t count, const std::string& what = "buffer") { allocate(count, what); }
    ~DeviceBuffer() { release(); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    DeviceBuffer(DeviceBuffer&& other) noexcept { swap(other); }
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept { swap(other); return *this; }

    void allocate(std::size_t count, const std::string& what = "buffer") {
        release();
        if (count == 0) return;
        requireDeviceMemory(count * sizeof(T), what);
        CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)));
        count_ = count;
    }
    // Grows (never shrinks) to at least `count`, with headroom so a slowly growing need does not reallocate
    // every frame. Contents are not kept.
    void reserve(std::size_t count, const std::string& what = "buffer") {
        if (count > count_) allocate(count + count / 4, what);
    }
    void release() {
        if (data_) cudaFree(data_);
        data_ = nullptr;
        count_ = 0;
    }
    T* data() const { return data_; }
    std::size_t size() const { return count_; }
    std::size_t bytes() const { return count_ * sizeof(T); }

private:
    void swap(DeviceBuffer& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(count_, other.count_);
    }
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

// Copies `host` into `buffer` (grown as needed) on `stream`. From pageable memory the call returns once the
// data is staged, so `host` may go away right after it; the copy is ordered with the stream's other work.
// A frame being captured as a graph ends its capture first (core/frame_graph.hpp): a graph would read the
// host memory when replayed, not now.
inline void copyToDevice(void* device, const void* host, std::size_t bytes, cudaStream_t stream) {
    endFrameCapture(stream);
    if (bytes) CUDA_CHECK(cudaMemcpyAsync(device, host, bytes, cudaMemcpyHostToDevice, stream));
}

template <typename T>
void uploadAsync(DeviceBuffer<T>& buffer, const std::vector<T>& host, cudaStream_t stream, const std::string& what) {
    buffer.reserve(host.size(), what);
    copyToDevice(buffer.data(), host.data(), host.size() * sizeof(T), stream);
}

// Copies `count` elements back after the stream's earlier work, and waits for them.
template <typename T>
std::vector<T> downloadNow(const T* device, std::size_t count, cudaStream_t stream) {
    std::vector<T> host(count);
    endFrameCapture(stream);
    if (count) CUDA_CHECK(cudaMemcpyAsync(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);
    return host;
}

}  // namespace racelab
