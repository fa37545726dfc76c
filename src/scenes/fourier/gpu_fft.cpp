// dftWithCufft and cufftLibraryName: the cuFFT transform of kernels/fourier/cufft_transform.cu where the build
// has one, else the reason there is none.
#include "scenes/fourier/gpu_fft.hpp"

#include <memory>

#include "scenes/fourier/cufft_gpu.hpp"

namespace racelab::fourier {
namespace {

CufftGpu* cufftHalf() {
    static const std::unique_ptr<CufftGpu> half = findGpuHalf<CufftGpu>("fourier_fft");  // null without CUDA
    return half.get();
}

}  // namespace

std::string cufftLibraryName() {
    CufftGpu* half = cufftHalf();
    return half ? half->libraryName() : "none (this build has no CUDA backend)";
}

bool dftWithCufft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
                  std::string* whyNot) {
    CufftGpu* half = cufftHalf();
    if (half) return half->dft(samples, out, stream, whyNot);
    if (whyNot) *whyNot = "this build has no CUDA backend";
    return false;
}

}  // namespace racelab::fourier
