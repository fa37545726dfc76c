// The path's Fourier coefficients with cuFFT. cuFFT is opened at run time by the exact soname of the
// toolkit racelab was built with (RACELAB_CUFFT_SONAME, read from CUDA::cufft by CMake; first through the
// loader's search path, then in that toolkit's library folder), so racelab still starts where the toolkit's
// libraries are not installed -- the .deb and a driver-only machine -- and says why it fell back to the
// plain DFT. docs/DECISIONS.md has the reasons for not linking it.
#pragma once
#include <complex>
#include <string>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/fourier/fourier_series.hpp"

namespace racelab::fourier {

// Same coefficients as dft() (k = -N/2 .. N/2 - 1, divided by N). Returns false, with the reason, when
// cuFFT or a CUDA device is not available or cuFFT fails (also when faultInjection().failCufft says so).
bool dftWithCufft(const std::vector<std::complex<float>>& samples, std::vector<Epicycle>& out, cudaStream_t stream,
                  std::string* whyNot);

// "libcufft.so.12 (CUDA 13.0)", or why this build has none.
std::string cufftLibraryName();

}  // namespace racelab::fourier
