// Percentiles with linear interpolation so small sample counts still give stable medians.
#include "core/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace racelab {

double percentileOfSorted(std::span<const double> sorted, double q) {
    if (sorted.empty()) return 0.0;
    double rank = std::clamp(q, 0.0, 100.0) / 100.0 * static_cast<double>(sorted.size() - 1);
    auto lower = static_cast<std::size_t>(std::floor(rank));
    std::size_t upper = std::min(lower + 1, sorted.size() - 1);
    double weight = rank - static_cast<double>(lower);
    return sorted[lower] * (1.0 - weight) + sorted[upper] * weight;
}

Summary summarize(std::span<const double> samples) {
    Summary s;
    if (samples.empty()) return s;
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    s.count = sorted.size();
    s.min = sorted.front();
    s.max = sorted.back();
    s.p5 = percentileOfSorted(sorted, 5);
    s.p50 = percentileOfSorted(sorted, 50);
    s.p95 = percentileOfSorted(sorted, 95);
    s.p99 = percentileOfSorted(sorted, 99);
    s.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
    std::vector<double> deviations;
    deviations.reserve(sorted.size());
    for (double x : sorted) deviations.push_back(std::fabs(x - s.p50));
    std::sort(deviations.begin(), deviations.end());
    s.mad = percentileOfSorted(deviations, 50);
    return s;
}

}  // namespace racelab
