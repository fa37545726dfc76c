// The path as a Fourier series: resampled to N points by arc length, transformed with a plain DFT (the
// CPU reference of the GPU's FFT), and kept as the K epicycles of largest amplitude.
#pragma once
#include <complex>
#include <vector>

namespace racelab::fourier {

struct Epicycle {
    int frequency;                    // turns per period (negative: clockwise)
    std::complex<float> coefficient;  // radius = |coefficient|, phase = arg(coefficient)
};

inline constexpr int kMaxSamples = 1 << 20;
inline constexpr int kMaxTerms = 1 << 16;

// N points equally spaced along the closed path (the jump from the last point back to the first counts).
std::vector<std::complex<float>> resampleClosed(const std::vector<std::complex<float>>& path, int samples);
// c_k = 1/N sum_n z_n exp(-2 pi i k n / N) for k = -N/2 .. N/2 - 1, in double precision.
std::vector<Epicycle> dft(const std::vector<std::complex<float>>& samples);
// The constant term first (it places the chain), then the rest by decreasing radius; at most `terms`.
std::vector<Epicycle> largestTerms(std::vector<Epicycle> all, int terms);
// Where the chain's pen is at time t (one period = 1).
std::complex<float> penAt(const std::vector<Epicycle>& epicycles, double t);

}  // namespace racelab::fourier
