// A floor under a whole-file frame's counted time, from a frame nothing earlier could have drawn: the first frame
// of a fresh renderer (grade draws it in a new worker, after loadScene, allocOutputImage and setup), timed by
// racelab's clock in racelab's process, where the solution cannot reach. A frame kept and returned again, or GPU
// work queued behind an earlier answer, has nothing to stand on there. Setup is not in it: the course times no
// setup, and honest setups differ by more than a frame (measured on public solutions: docs/GRADING.md). The
// first frame also holds a cold start, which the reference shows on the same column: its first frame less its
// own warm one. What is left is what the submission's first frame cost beyond that, and no honest frame of it
// costs much less. docs/GRADING.md, "Time that cannot be bought".
#pragma once
#include <algorithm>
#include <optional>

#include "judge/counted_frame_time.hpp"

namespace racelab::judge {

// The reference's overhead on a column: its first frame in a fresh renderer less its own warm frame.
inline double firstPictureOverheadMs(double referenceFirstPictureMs, double referenceWarmFrameMs) {
    return std::max(0.0, referenceFirstPictureMs - referenceWarmFrameMs);
}

// What the submission's first frame in a fresh renderer says one frame of it costs at least: that frame less the
// reference's overhead.
inline double firstPictureFloorMs(double firstPictureMs, double referenceOverheadMs) {
    return std::max(0.0, firstPictureMs - referenceOverheadMs);
}

// The slack the floor is held to: the two clocks' slack (counted_frame_time.hpp) and a tenth of the overhead,
// for cold starts that honestly differ from the reference's (more kernels, a first allocation, the copies' jitter).
inline constexpr double kFirstPictureOverheadShare = 0.1;
inline double firstPictureSlackMs(double countedMs, double referenceOverheadMs) {
    return clockSlackMs(countedMs) + kFirstPictureOverheadShare * referenceOverheadMs;
}

// The frame's counted time with the floor under it. The slack is racelab's doubt about the floor, either way.
// A row whose floor lies within it of what its timed frames counted keeps what it counted: an honest solution
// is not charged for a setup or a cold start that differs from the reference's. A row whose floor lies above
// that has been seen doing work its timed frames did not hold, and the doubt turns against it: it counts the
// floor plus the slack, so that hiding work never counts for less than the work hidden.
inline double countedWithFirstPicture(double countedMs, std::optional<double> floorMs, double referenceOverheadMs) {
    if (!floorMs) return countedMs;
    const double slack = firstPictureSlackMs(countedMs, referenceOverheadMs);
    return *floorMs - slack > countedMs ? *floorMs + slack : countedMs;
}

}  // namespace racelab::judge
