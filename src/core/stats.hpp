// Order statistics of timing samples: min / median / p95 / p99 / max, the numbers every report prints, and
// the spread (p5, median absolute deviation) that tools/bench-compare takes as a run's own noise.
#pragma once
#include <span>
#include <vector>

namespace racelab {

struct Summary {
    std::size_t count = 0;
    double min = 0, p50 = 0, p95 = 0, p99 = 0, max = 0, mean = 0;
    double p5 = 0;
    double mad = 0;  // median of |x - median|: robust to the odd slow frame, unlike the standard deviation
};

// Percentile by linear interpolation between closest ranks (numpy's default); q in [0, 100].
// Expects `sorted` ascending and non-empty.
double percentileOfSorted(std::span<const double> sorted, double q);
Summary summarize(std::span<const double> samples);

}  // namespace racelab
