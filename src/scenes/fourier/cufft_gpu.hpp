// The fourier scenes' GPU half that transforms with cuFFT, as gpu_fft.cpp sees it: plain C++, implemented by
// CufftGpuCuda (kernels/fourier/cufft_transform.cu) and found with findGpuHalf<CufftGpu>("fourier_fft"),
// which gives null in a build without CUDA (the plain DFT is used then).
#pragma once
#include <complex>
#include <string>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/fourier/fourier_series.hpp"

namespace racelab::fourier {

class CufftGpu : public GpuHalf {
public:
    // "libcufft.so.12 (CUDA 13.0)": the soname the build's toolkit has.
    virtual std::string libraryName() const = 0;
    // dftWithCufft (gpu_fft.hpp) in a build with CUDA.
    virtual bool dft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
                     std::string* whyNot) = 0;
};

}  // namespace racelab::fourier
