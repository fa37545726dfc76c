// The frame-time graph: the last N frames' frame and GPU kernel times with p50 / p99 / max. The same history
// feeds the time bars (ui/time_bars.hpp), which split its medians by stage.
#pragma once
#include "core/frame_timing.hpp"
#include "core/ring_buffer.hpp"

namespace racelab {

struct FrameHistory {
    static constexpr std::size_t kFrames = 300;  // >= 240: four seconds at 60 Hz
    RingBuffer<FrameTiming> frames{kFrames};
    void clear() { frames.clear(); }
};

void drawFrameGraph(const FrameHistory& history);

}  // namespace racelab
