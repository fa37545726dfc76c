#include "scenes/fourier/gpu_fft.hpp"

#ifdef RACELAB_HAVE_CUDA
#include <cufft.h>
#include <dlfcn.h>

#include "core/device_buffer.hpp"
#endif

namespace racelab::fourier {

#ifdef RACELAB_HAVE_CUDA
namespace {

struct CufftApi {
    decltype(&cufftPlan1d) plan1d = nullptr;
    decltype(&cufftSetStream) setStream = nullptr;
    decltype(&cufftExecC2C) execC2C = nullptr;
    decltype(&cufftDestroy) destroy = nullptr;
    std::string error;
};

const CufftApi& cufft() {
    static const CufftApi api = [] {
        CufftApi a;
        void* library = nullptr;
        for (const char* name : {"libcufft.so.12", "/usr/local/cuda/lib64/libcufft.so.12", "libcufft.so"})
            if ((library = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
        if (!library) {
            a.error = "cuFFT (libcufft.so.12) not found";
            return a;
        }
        a.plan1d = reinterpret_cast<decltype(a.plan1d)>(dlsym(library, "cufftPlan1d"));
        a.setStream = reinterpret_cast<decltype(a.setStream)>(dlsym(library, "cufftSetStream"));
        a.execC2C = reinterpret_cast<decltype(a.execC2C)>(dlsym(library, "cufftExecC2C"));
        a.destroy = reinterpret_cast<decltype(a.destroy)>(dlsym(library, "cufftDestroy"));
        if (!a.plan1d || !a.setStream || !a.execC2C || !a.destroy) a.error = "cuFFT lacks the expected entry points";
        return a;
    }();
    return api;
}

}  // namespace

bool dftWithCufft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
                  std::string* whyNot) {
    const CufftApi& api = cufft();
    std::string device;
    if (!api.error.empty() || !cudaDeviceAvailable(&device)) {
        if (whyNot) *whyNot = api.error.empty() ? device : api.error;
        return false;
    }
    const int n = static_cast<int>(samples.size());
    DeviceBuffer<cufftComplex> data(samples.size(), "FFT samples");
    CUDA_CHECK(cudaMemcpyAsync(data.data(), samples.data(), samples.size() * sizeof(cufftComplex), cudaMemcpyHostToDevice, stream));
    cufftHandle plan = 0;
    if (api.plan1d(&plan, n, CUFFT_C2C, 1) != CUFFT_SUCCESS) {
        if (whyNot) *whyNot = "cufftPlan1d failed";
        return false;
    }
    bool ok = api.setStream(plan, stream) == CUFFT_SUCCESS &&
              api.execC2C(plan, data.data(), data.data(), CUFFT_FORWARD) == CUFFT_SUCCESS;
    std::vector<std::complex<float>> spectrum(samples.size());
    if (ok) {
        CUDA_CHECK(cudaMemcpyAsync(spectrum.data(), data.data(), spectrum.size() * sizeof(cufftComplex), cudaMemcpyDeviceToHost,
                                   stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
    }
    api.destroy(plan);
    if (!ok) {
        if (whyNot) *whyNot = "cufftExecC2C failed";
        return false;
    }
    out.clear();
    out.reserve(samples.size());
    for (int k = -n / 2; k < n - n / 2; ++k)
        out.push_back({k, spectrum[static_cast<std::size_t>((k + n) % n)] / static_cast<float>(n)});
    return true;
}
#else
bool dftWithCufft(const std::vector<std::complex<float>>&, std::vector<Epicycle>&, cudaStream_t, std::string* whyNot) {
    if (whyNot) *whyNot = "this build has no CUDA backend";
    return false;
}
#endif

}  // namespace racelab::fourier
