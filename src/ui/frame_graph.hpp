// The frame-time graph: the last N frames' frame and GPU kernel times with p50 / p99 / max.
#pragma once
#include "core/ring_buffer.hpp"

namespace racelab {

struct FrameHistory {
    static constexpr std::size_t kFrames = 300;  // >= 240: four seconds at 60 Hz
    RingBuffer<float> frameMs{kFrames};
    RingBuffer<float> kernelMs{kFrames};
    void clear() { frameMs.clear(); kernelMs.clear(); }
};

void drawFrameGraph(const FrameHistory& history);

}  // namespace racelab
