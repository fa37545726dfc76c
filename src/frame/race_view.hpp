// How the viewer, render and check show a racy variant next to the good one: the plain frame, side by
// side, a wipe between them, the differing pixels painted (diff), or a heat map of how often each pixel
// differed over the last frames. The comparison views are drawn on the GPU (kernels/race_views.cu).
#pragma once
#include <string>

#include "frame/frame_controls.hpp"  // RaceView

namespace racelab {

const char* raceViewName(RaceView view);         // "plain", "side", "wipe", "diff", "heat"
const char* raceViewDescription(RaceView view);  // one line for the panel and --help
RaceView parseRaceView(const std::string& name);  // throws UsageError naming the choices
RaceView nextRaceView(RaceView view);             // V in the viewer

}  // namespace racelab
