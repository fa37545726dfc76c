#include "core/gpu_timing.hpp"

#include <string>

#include "core/errors.hpp"

#ifdef RACELAB_HAVE_CUDA
#include "core/cuda_check.hpp"
#include "core/device_buffer.hpp"
#endif

namespace racelab {

bool cudaUsable(std::string* whyNot) {
#ifdef RACELAB_HAVE_CUDA
    return cudaDeviceAvailable(whyNot);
#else
    if (whyNot) *whyNot = "this build has no CUDA backend";
    return false;
#endif
}

#ifdef RACELAB_HAVE_CUDA
// Without a usable device the stream stays null, so cpu-backend runs never touch the CUDA runtime.
CudaStream::CudaStream() {
    if (cudaDeviceAvailable()) CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
}
CudaStream::~CudaStream() { if (stream_) cudaStreamDestroy(stream_); }
void CudaStream::synchronize() const {
    if (stream_) CUDA_CHECK(cudaStreamSynchronize(stream_));
}

GpuTimer::GpuTimer(cudaStream_t stream) : stream_(stream) {}
GpuTimer::~GpuTimer() {
    if (start_) cudaEventDestroy(static_cast<cudaEvent_t>(start_));
    if (stop_) cudaEventDestroy(static_cast<cudaEvent_t>(stop_));
}
void GpuTimer::start() {
    if (!start_) {  // created on first use: cpu-backend runs never need them
        CUDA_CHECK(cudaEventCreate(reinterpret_cast<cudaEvent_t*>(&start_)));
        CUDA_CHECK(cudaEventCreate(reinterpret_cast<cudaEvent_t*>(&stop_)));
    }
    CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(start_), stream_));
}
void GpuTimer::stop() { CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(stop_), stream_)); }
double GpuTimer::elapsedMs() const {
    CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(stop_)));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start_), static_cast<cudaEvent_t>(stop_)));
    return ms;
}

int currentCudaDevice() {
    int device = -1;
    if (!cudaDeviceAvailable() || cudaGetDevice(&device) != cudaSuccess) return -1;
    return device;
}

void selectCudaDevice(int device) { CUDA_CHECK(cudaSetDevice(device)); }

std::string cudaDeviceArchitecture() {
    const int device = currentCudaDevice();
    if (device < 0) return "";
    cudaDeviceProp props{};
    CUDA_CHECK(cudaGetDeviceProperties(&props, device));
    return "sm_" + std::to_string(props.major) + std::to_string(props.minor);
}

std::string describeCudaDevice() {
    std::string why;
    if (!cudaDeviceAvailable(&why)) return "no CUDA device (" + why + ")";
    int device = 0, driver = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    cudaDeviceProp props{};
    CUDA_CHECK(cudaGetDeviceProperties(&props, device));
    cudaDriverGetVersion(&driver);
    return std::string(props.name) + " (sm_" + std::to_string(props.major) + std::to_string(props.minor) + ", CUDA driver " +
           std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10) + ")";
}
#else
CudaStream::CudaStream() = default;
CudaStream::~CudaStream() = default;
void CudaStream::synchronize() const {}
GpuTimer::GpuTimer(cudaStream_t stream) : stream_(stream) {}
GpuTimer::~GpuTimer() = default;
void GpuTimer::start() {}
void GpuTimer::stop() {}
double GpuTimer::elapsedMs() const { return 0; }
int currentCudaDevice() { return -1; }
void selectCudaDevice(int) { throwNoCudaBuild(); }
std::string cudaDeviceArchitecture() { return ""; }
std::string describeCudaDevice() { return "no CUDA device (this build has no CUDA backend)"; }
#endif

}  // namespace racelab
