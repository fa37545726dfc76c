// A CUDA stream and an event pair that times the work queued between start() and stop() on it.
// Without CUDA in the build both are inert (the stream is null, the timer reads 0).
#pragma once
#include <string>

#include "core/frame_target.hpp"

namespace racelab {

class CudaStream {
public:
    CudaStream();
    ~CudaStream();
    CudaStream(const CudaStream&) = delete;
    CudaStream& operator=(const CudaStream&) = delete;
    cudaStream_t get() const { return stream_; }
    void synchronize() const;

private:
    cudaStream_t stream_ = nullptr;
};

class GpuTimer {
public:
    explicit GpuTimer(cudaStream_t stream);
    ~GpuTimer();
    GpuTimer(const GpuTimer&) = delete;
    GpuTimer& operator=(const GpuTimer&) = delete;
    void start();
    void stop();
    double elapsedMs() const;  // waits for the stop event

private:
    cudaStream_t stream_;
    void* start_ = nullptr;
    void* stop_ = nullptr;
};

// The CUDA device this process renders on (the current one), or -1 without CUDA.
int currentCudaDevice();
// Makes `device` the current one (the kernel worker: the same GPU as racelab). Throws Error without it.
void selectCudaDevice(int device);
// The current device's architecture as NVRTC names it, e.g. "sm_90"; "" without a device.
std::string cudaDeviceArchitecture();
// "NVIDIA H100 80GB HBM3 (sm_90, driver 13.0)" or why there is none.
std::string describeCudaDevice();
// Whether this build has CUDA and a device it can use; when not, `whyNot` says which is missing.
bool cudaUsable(std::string* whyNot = nullptr);

}  // namespace racelab
