// The time a whole-file frame counts in a grade, when two clocks measured it: the course's measure, taken in the
// worker inside the solution's own process (the wall clock around clearImage, advanceAnimation and render), and
// racelab's, taken in racelab's process around the whole frame request less racelab's own share
// (userkernel::UserKernelStatus::parentMs). The solution's code can reach the first and not the second; the
// second holds getImage and whatever its threads do between the request and the answer. A frame counts the
// course's measure, unless racelab's clock saw more than it by more than the slack both clocks' noise needs;
// then racelab's, less that slack. So an honest solution is timed exactly as the course times it, and work
// moved out of the course's calls (into getImage, onto a thread joined there) is counted all but the slack.
// docs/GRADING.md, "Time that cannot be bought".
#pragma once
#include <algorithm>
#include <optional>

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

}  // namespace racelab::judge
