// How a racy variant is shown beside the good one: the view and its settings, as render, check and view take
// them (--view, --wipe, --heat-frames; app/command_line.cpp fills them). offline_frame turns them into the
// frame's controls and the frames a heat view spans.
#pragma once
#include <string>

namespace racelab {

struct ComparisonOptions {
    std::string view = "plain";  // plain | side | wipe | diff | heat (frame/race_view.hpp)
    float wipe = .5f;            // wipe: the divider, a fraction of the width
    int heatFrames = 32;         // heat: the window in frames (1..64), ending at --frame
};

}  // namespace racelab
