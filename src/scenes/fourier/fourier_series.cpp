#include "scenes/fourier/fourier_series.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"

namespace racelab::fourier {

std::vector<std::complex<float>> resampleClosed(const std::vector<std::complex<float>>& path, int samples) {
    if (path.empty()) throw UsageError("no contour points to draw (the image has no edges after preprocessing)");
    if (samples < 2 || samples > kMaxSamples)
        throw UsageError("samples N = " + std::to_string(samples) + " is out of range (2.." + std::to_string(kMaxSamples) + ")");
    const std::size_t n = path.size();
    std::vector<double> along(n + 1, 0.0);  // arc length at each point, closing back to the start
    for (std::size_t i = 0; i < n; ++i) along[i + 1] = along[i] + std::abs(path[(i + 1) % n] - path[i]);
    const double total = along[n];
    std::vector<std::complex<float>> out(static_cast<std::size_t>(samples));
    if (total <= 0.0) {
        std::fill(out.begin(), out.end(), path[0]);
        return out;
    }
    std::size_t segment = 0;
    for (int s = 0; s < samples; ++s) {
        double target = total * s / samples;
        while (segment + 1 < n && along[segment + 1] < target) ++segment;
        double length = along[segment + 1] - along[segment];
        double f = length > 0 ? (target - along[segment]) / length : 0.0;
        std::complex<float> a = path[segment], b = path[(segment + 1) % n];
        out[static_cast<std::size_t>(s)] = a + static_cast<float>(f) * (b - a);
    }
    return out;
}

std::vector<Epicycle> dft(const std::vector<std::complex<float>>& samples) {
    const int n = static_cast<int>(samples.size());
    std::vector<Epicycle> out;
    out.reserve(samples.size());
    const double pi = 3.14159265358979323846;
    for (int k = -n / 2; k < n - n / 2; ++k) {
        std::complex<double> sum(0.0, 0.0);
        for (int j = 0; j < n; ++j) {
            double angle = -2.0 * pi * static_cast<double>(k) * j / n;
            sum += std::complex<double>(samples[static_cast<std::size_t>(j)]) * std::complex<double>(std::cos(angle), std::sin(angle));
        }
        out.push_back({k, std::complex<float>(sum / static_cast<double>(n))});
    }
    return out;
}

std::vector<Epicycle> largestTerms(std::vector<Epicycle> all, int terms) {
    if (terms < 1 || terms > kMaxTerms)
        throw UsageError("terms K = " + std::to_string(terms) + " is out of range (1.." + std::to_string(kMaxTerms) + ")");
    std::stable_sort(all.begin(), all.end(), [](const Epicycle& a, const Epicycle& b) {
        if ((a.frequency == 0) != (b.frequency == 0)) return a.frequency == 0;
        return std::abs(a.coefficient) > std::abs(b.coefficient);
    });
    if (static_cast<int>(all.size()) > terms) all.resize(static_cast<std::size_t>(terms));
    return all;
}

std::complex<float> penAt(const std::vector<Epicycle>& epicycles, double t) {
    const double pi = 3.14159265358979323846;
    std::complex<double> p(0.0, 0.0);
    for (const Epicycle& e : epicycles) {
        double angle = 2.0 * pi * e.frequency * t;
        p += std::complex<double>(e.coefficient) * std::complex<double>(std::cos(angle), std::sin(angle));
    }
    return std::complex<float>(p);
}

}  // namespace racelab::fourier
