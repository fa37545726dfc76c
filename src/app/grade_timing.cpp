#include "app/grade_timing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace racelab {

TimingPlan budgetedTiming(const judge::TimingMeasure& measure, double frameMs, double secondsLeft) {
    TimingPlan full{measure.warmup, measure.runs, measure.frames, false};
    const double wanted = static_cast<double>(measure.warmup + measure.runs * measure.frames);
    if (!(frameMs > 0) || std::isinf(secondsLeft) || wanted * frameMs <= secondsLeft * 1000.0) return full;
    TimingPlan plan;
    plan.reduced = true;
    // The judged renders just drew this scene: the warm-up is the first to go.
    const double affordable = std::floor(std::max(secondsLeft, 0.0) * 1000.0 / frameMs);
    if (affordable < 1) return plan;  // not timed
    const int frames = static_cast<int>(std::min<double>(affordable, measure.runs * measure.frames));
    plan.runs = std::min(measure.runs, frames);
    plan.frames = std::min(measure.frames, frames / plan.runs);
    return plan;
}

std::string reducedTimingNote(const judge::TimingMeasure& measure, const TimingPlan& plan, double frameMs,
                              double secondsLeft) {
    const auto count = [](int n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); };
    char left[96];
    std::snprintf(left, sizeof left, "%.1f s of its budget was left for this scene, at %.2f s a frame",
                  std::max(secondsLeft, 0.0), frameMs / 1000.0);
    const std::string asked = count(measure.runs, "run") + " of " + std::to_string(measure.frames);
    if (plan.runs == 0) return "not timed (the measure asks " + asked + " frames): " + left;
    return "timed on " + count(plan.runs, "run") + " of " + count(plan.frames, "frame") + ", not " + asked + ": " + left;
}

}  // namespace racelab
