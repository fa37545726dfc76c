// The path's Fourier coefficients with cuFFT. cuFFT is loaded at run time (dlopen), so racelab starts on
// machines without it (it ships with the CUDA toolkit, not the driver); without it the CPU DFT is used.
#pragma once
#include <complex>
#include <string>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/fourier/fourier_series.hpp"

namespace racelab::fourier {

// Same coefficients as dft() (k = -N/2 .. N/2 - 1, divided by N). Returns false, with the reason, when
// cuFFT or a CUDA device is not available.
bool dftWithCufft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
                  std::string* whyNot);

}  // namespace racelab::fourier
