// What a submission is timed on within its budget. The measure asks for `warmup` untimed frames and `runs`
// runs of `frames` frames; a slow submission gets fewer, so that it cannot hold a class: as many as the time
// left for the scene pays for at the frame time its judged renders showed. A correct scene that cannot be timed
// at all earns its correctness points only (judge::sceneScore's slowest case), and its row says why.
#pragma once
#include <string>

#include "judge/grade_table.hpp"

namespace racelab {

struct TimingPlan {
    int warmup = 0, runs = 0, frames = 0;  // runs == 0: not timed
    bool reduced = false;                  // fewer than the measure asks
};

// `frameMs`: one frame's wall time (the judged renders' mean); `secondsLeft`: the budget left for this scene
// (<= 0: none left). No budget at all (secondsLeft infinite) gives the measure.
TimingPlan budgetedTiming(const judge::TimingMeasure& measure, double frameMs, double secondsLeft);

// The row's note for a reduced plan: "timed on 1 run of 2 frames, not 3 runs of 4: 3.1 s of its budget was
// left for this scene, at 1.2 s a frame".
std::string reducedTimingNote(const judge::TimingMeasure& measure, const TimingPlan& plan, double frameMs,
                              double secondsLeft);

}  // namespace racelab
