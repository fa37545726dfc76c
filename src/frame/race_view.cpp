#include "frame/race_view.hpp"

#include "core/errors.hpp"

namespace racelab {

const char* raceViewName(RaceView view) {
    switch (view) {
        case RaceView::Side: return "side";
        case RaceView::Wipe: return "wipe";
        case RaceView::Diff: return "diff";
        case RaceView::Heat: return "heat";
        default: return "plain";
    }
}

const char* raceViewDescription(RaceView view) {
    switch (view) {
        case RaceView::Side: return "good | racy, the same frame side by side at half size";
        case RaceView::Wipe: return "good left of a draggable divider, racy right of it";
        case RaceView::Diff: return "the racy frame with the pixels that differ from good in magenta";
        case RaceView::Heat: return "how many of the last N frames each pixel differed in, on a colour scale";
        default: return "the chosen variant alone";
    }
}

RaceView parseRaceView(const std::string& name) {
    for (int i = 0; i < kRaceViewCount; ++i)
        if (name == raceViewName(static_cast<RaceView>(i))) return static_cast<RaceView>(i);
    throw UsageError("--view " + name + ": choose plain, side, wipe, diff or heat");
}

RaceView nextRaceView(RaceView view) { return static_cast<RaceView>((static_cast<int>(view) + 1) % kRaceViewCount); }

}  // namespace racelab
