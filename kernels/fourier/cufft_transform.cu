// The fourier scenes' cuFFT transform (CufftGpu, scenes/fourier/cufft_gpu.hpp; gpu_fft.hpp says why cuFFT is
// opened at run time). Host code only: no kernels here.
#include <cufft.h>
#include <dlfcn.h>

#include <memory>

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/fault_injection.hpp"
#include "core/toolkit_library.hpp"
#include "scenes/fourier/cufft_gpu.hpp"

// Set by CMake for this file: the soname of the toolkit's cuFFT.
#ifndef RACELAB_CUFFT_SONAME
#define RACELAB_CUFFT_SONAME "libcufft.so"
#endif

namespace racelab::fourier {
namespace {

std::string cufftLibraryName() { return RACELAB_CUFFT_SONAME " (CUDA " + cudaToolkitVersion() + ")"; }

struct CufftApi {
    decltype(&cufftPlan1d) plan1d = nullptr;
    decltype(&cufftSetStream) setStream = nullptr;
    decltype(&cufftExecC2C) execC2C = nullptr;
    decltype(&cufftDestroy) destroy = nullptr;
    std::string error;
};

// Only this soname: another major version of cuFFT is another ABI, and "libcufft.so" (the development
// symlink) may point at any of them.
const CufftApi& cufft() {
    static const CufftApi api = [] {
        CufftApi a;
        const ToolkitLibrary opened = openToolkitLibrary({RACELAB_CUFFT_SONAME}, {cudaToolkitLibraryFolder()});
        if (!opened.handle) {
            a.error = "cuFFT " + cufftLibraryName() + " not found (" + opened.error +
                      "): install the CUDA " + cudaToolkitVersion() + " cuFFT library or add its folder to LD_LIBRARY_PATH";
            return a;
        }
        void* library = opened.handle;
        a.plan1d = reinterpret_cast<decltype(a.plan1d)>(dlsym(library, "cufftPlan1d"));
        a.setStream = reinterpret_cast<decltype(a.setStream)>(dlsym(library, "cufftSetStream"));
        a.execC2C = reinterpret_cast<decltype(a.execC2C)>(dlsym(library, "cufftExecC2C"));
        a.destroy = reinterpret_cast<decltype(a.destroy)>(dlsym(library, "cufftDestroy"));
        if (!a.plan1d || !a.setStream || !a.execC2C || !a.destroy)
            a.error = "cuFFT " + cufftLibraryName() + " lacks the expected entry points";
        return a;
    }();
    return api;
}

bool dftWithCufft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
                  std::string* whyNot) {
    const CufftFault fault = faultInjection().failCufft;
    const CufftApi& api = cufft();
    std::string device;
    if (fault == CufftFault::Load) {
        if (whyNot) *whyNot = "cuFFT " + cufftLibraryName() + " not found (simulated, RACELAB_FAIL_CUFFT=load)";
        return false;
    }
    if (!api.error.empty() || !cudaDeviceAvailable(&device)) {
        if (whyNot) *whyNot = api.error.empty() ? device : api.error;
        return false;
    }
    const int n = static_cast<int>(samples.size());
    DeviceBuffer<cufftComplex> data(samples.size(), "FFT samples");
    copyToDevice(data.data(), samples.data(), samples.size() * sizeof(cufftComplex), stream);
    cufftHandle plan = 0;
    const cufftResult planned = fault == CufftFault::Plan ? CUFFT_ALLOC_FAILED : api.plan1d(&plan, n, CUFFT_C2C, 1);
    if (planned != CUFFT_SUCCESS) {
        if (whyNot)
            *whyNot = "cufftPlan1d for N = " + std::to_string(n) + " failed with cufftResult " + std::to_string(planned) +
                      (fault == CufftFault::Plan ? " (simulated, RACELAB_FAIL_CUFFT=plan)" : "");
        waitForStream(stream);  // the upload still reads `samples`
        return false;
    }
    cufftResult result = api.setStream(plan, stream);
    if (result == CUFFT_SUCCESS)
        namedGpuStep("fourier: transform (cuFFT)", stream,
                     [&] { result = api.execC2C(plan, data.data(), data.data(), CUFFT_FORWARD); });
    std::vector<std::complex<float>> spectrum(samples.size());
    endFrameCapture(stream);  // pageable host memory below
    if (result == CUFFT_SUCCESS)
        CUDA_CHECK(cudaMemcpyAsync(spectrum.data(), data.data(), spectrum.size() * sizeof(cufftComplex), cudaMemcpyDeviceToHost,
                                   stream));
    waitForStream(stream);
    api.destroy(plan);
    if (result != CUFFT_SUCCESS) {
        if (whyNot) *whyNot = "cufftExecC2C failed with cufftResult " + std::to_string(result);
        return false;
    }
    out.clear();
    out.reserve(samples.size());
    for (int k = -n / 2; k < n - n / 2; ++k)
        out.push_back({k, spectrum[static_cast<std::size_t>((k + n) % n)] / static_cast<float>(n)});
    return true;
}
}  // namespace

class CufftGpuCuda final : public CufftGpu {
public:
    std::string libraryName() const override { return cufftLibraryName(); }
    bool dft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
             std::string* whyNot) override {
        return dftWithCufft(samples, out, stream, whyNot);
    }
};

}  // namespace racelab::fourier

// gpu_fft.cpp finds this GPU half through findGpuHalf<CufftGpu>("fourier_fft") (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(fourier_fft) { return std::make_unique<racelab::fourier::CufftGpuCuda>(); }
