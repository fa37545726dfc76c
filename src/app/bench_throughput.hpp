// bench's throughput: after the measured frames (one at a time, so each stage time is that stage's own: the
// latency of one frame), the same scene runs with N frames in flight (FrameLoop::setFramesInFlight) and the
// wall clock over those frames gives frames per second. Their kernel times are read a frame or more late
// from the event ring, so the median kernel stage is measured without serialising what it measures.
#pragma once
#include <string>

#include "frame/frame_loop.hpp"

namespace racelab {

struct ThroughputResult {
    bool measured = false;
    int framesInFlight = 0;
    long frames = 0;           // frames timed by the wall clock (after warm-up ones)
    double seconds = 0;        // wall clock from the first timed frame queued to the last one finished
    double framesPerSecond = 0;
    double kernelP50Ms = 0;    // the kernel stage of those frames, median (CUDA events, read late)
    double msPerFrame() const { return framesPerSecond > 0 ? 1000.0 / framesPerSecond : 0.0; }
};

// Runs `warmup` then `frames` frames with `inFlight` frames in flight, then goes back to one at a time.
ThroughputResult timeInFlight(FrameLoop& loop, const FrameControls& controls, int inFlight, long frames, long warmup);
void printThroughput(const ThroughputResult& t, double latencyFrameP50Ms);
std::string throughputJson(const ThroughputResult& t);  // {"frames_in_flight", "frames", "seconds", ...}

}  // namespace racelab
