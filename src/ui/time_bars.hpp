// "Where the time goes" in the viewer: the last frames' median split into bars stacked left to right, one by
// frame stage (kernel, map, unmap, upload, present, the rest) and, while per-step timing is on, one by named GPU
// step of the launch layer (binning, sort, render...), each segment coloured and listed with its share.
#pragma once
#include <vector>

#include "core/kernel_timing.hpp"
#include "ui/frame_graph.hpp"

namespace racelab {

// After a frame whose GPU work has finished: while per-step timing is on, adds the frame's steps and every 30
// frames makes that window `steps` (what the panel shows); while it is off, empties both.
void sampleSteps(std::vector<KernelStat>& steps);

// The stage bar from `history`; the step bar from `steps` (empty: a hint to turn per-step timing on).
void drawTimeBars(const FrameHistory& history, const std::vector<KernelStat>& steps, bool stepsOn);

}  // namespace racelab
