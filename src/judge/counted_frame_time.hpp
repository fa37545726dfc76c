// The time a whole-file frame counts in a grade, when two clocks measured it: the course's measure, taken in the
// worker inside the solution's own process (the wall clock around clearImage, advanceAnimation and render), and
// racelab's, taken in racelab's process around the whole frame request less racelab's own share
// (userkernel::UserKernelStatus::parentMs). The solution's code can reach the first and not the second; the
// second holds getImage and whatever its threads do between the request and the answer. A frame counts the
// course's measure, unless racelab's clock saw more than it by more than the slack both clocks' noise needs;
// then racelab's, less that slack. So an honest solution is timed exactly as the course times it, and work
// moved out of the course's calls (into getImage, onto a thread joined there) is counted all but the slack.
// docs/GRADING.md, "Time that cannot be bought".
//
// racelab's share of a round trip is timed apart from the frame (the worker's idle frame, the image's
// crossings), and an honest frame's round trip holds more of racelab's path than those parts show (the GPU's
// switches between racelab's context and the worker's, the crossings at the pace the frame meets them). Where
// the reference is a whole file, its frames on the same column measure that rest (racelabPathMs), and every
// submission's clock there is taken less it.
#pragma once
#include <algorithm>
#include <optional>
#include <vector>

#include "core/stats.hpp"

namespace racelab::judge {

// The slack: racelab's clock holds an interprocess round trip and its calibration (some 0.1 ms apart between
// runs) and the course's calls' own jitter, which grows with the frame.
inline constexpr double kClockSlackMs = 0.25;
inline constexpr double kClockSlackShare = 0.25;

inline double clockSlackMs(double courseMs) { return kClockSlackMs + kClockSlackShare * courseMs; }

inline double countedFrameMs(double courseMs, std::optional<double> racelabMs) {
    if (!racelabMs) return courseMs;
    return std::max(courseMs, *racelabMs - clockSlackMs(courseMs));
}

// racelab's clock less the rest of racelab's path measured on an honest frame of the same column.
inline std::optional<double> calibratedClockMs(std::optional<double> racelabMs, double racelabPathMs) {
    if (!racelabMs) return racelabMs;
    return std::max(0.0, *racelabMs - racelabPathMs);
}

// That rest, from a trusted whole file's recorded frames (its course's measure and racelab's clock, frame by
// frame): the median of racelab's clock beyond the course's measure, 0 where it saw less or has no clock.
inline double racelabPathMs(const std::vector<double>& courseMs, const std::vector<double>& racelabMs) {
    std::vector<double> beyond;
    for (std::size_t i = 0; i < courseMs.size() && i < racelabMs.size(); ++i) beyond.push_back(racelabMs[i] - courseMs[i]);
    if (beyond.empty()) return 0.0;
    return std::max(0.0, summarize(beyond).p50);
}

}  // namespace racelab::judge
