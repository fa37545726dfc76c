// RAII device allocation that checks free GPU memory first, so an oversized request is refused with the
// numbers instead of failing somewhere inside a kernel launch. Only built with CUDA.
#pragma once
#include <cstddef>
#include <string>
#include <utility>

#include "core/cuda_check.hpp"

namespace racelab {

// Throws Error("... needs N MiB of GPU memory, M MiB free ...") when `bytes` will not fit.
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

}  // namespace racelab
