// A floor under a whole-file frame's counted time, from a picture the solution could not have made ahead: its
// first frame in a fresh renderer at a size it was not told until allocOutputImage (grade draws it in a new
// worker, at the column's size less a few pixels drawn at random). Work moved out of the timed frames -- a frame
// kept and returned again, a picture precomputed in setup or queued on the GPU between requests -- has nowhere to
// hide there: racelab's clock runs from the moment loadScene is asked for to the first picture's answer, in
// racelab's process, where the solution cannot reach. That span (UserKernelStatus::firstPictureMs) also holds
// setup's honest work and the first frame's cold start, which the reference shows on the same column: its span
// less its own warm frame at that size. What is left is what the submission's first picture cost beyond the
// reference's overhead, and no honest frame of it costs much less. docs/GRADING.md, "Time that cannot be bought".
#pragma once
#include <algorithm>
#include <optional>
#include <random>

#include "core/size_parse.hpp"
#include "judge/counted_frame_time.hpp"

namespace racelab::judge {

// The column's size less 1 to 16 pixels each way, drawn from `random`: a size no solution can know before
// allocOutputImage. A side that would fall under 64 is kept.
inline Size2 firstPictureSize(Size2 columnSize, std::mt19937& random) {
    std::uniform_int_distribution<int> less(1, 16);
    auto side = [&](int n) {
        const int smaller = n - less(random);
        return smaller >= 64 ? smaller : n;
    };
    return {side(columnSize.width), side(columnSize.height)};
}

// The reference's overhead on a column: its first picture's span less its own warm frame at the same size.
inline double firstPictureOverheadMs(double referenceFirstPictureMs, double referenceWarmFrameMs) {
    return std::max(0.0, referenceFirstPictureMs - referenceWarmFrameMs);
}

// What the submission's first picture says one frame of it costs at least: its span less the reference's overhead.
inline double firstPictureFloorMs(double firstPictureMs, double referenceOverheadMs) {
    return std::max(0.0, firstPictureMs - referenceOverheadMs);
}

// The slack the floor is held to: the two clocks' slack (counted_frame_time.hpp) and a tenth of the overhead,
// for setups that honestly differ from the reference's (their allocations, the copies' jitter).
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
