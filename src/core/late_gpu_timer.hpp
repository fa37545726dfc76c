// Times the work queued between start() and stop() on a stream, frame after frame, with up to `depth` frames
// in flight: each frame records into its own pair of a ring of events, and finish() hands back the time of
// the frame `depth - 1` frames ago, waiting for that one only. With depth 1 it is a plain serialising timer
// (this frame's time, after waiting for it); with depth 2 the CPU queues frame N while the GPU runs N - 1,
// and the wait for N - 1 is what keeps the CPU from running further ahead.
#pragma once
#include <optional>
#include <vector>

#include "core/frame_target.hpp"

namespace racelab {

class LateGpuTimer {
public:
    explicit LateGpuTimer(cudaStream_t stream) : stream_(stream) {}
    ~LateGpuTimer();
    LateGpuTimer(const LateGpuTimer&) = delete;
    LateGpuTimer& operator=(const LateGpuTimer&) = delete;

    // Waits for every frame still timed, then starts over with `depth` (>= 1) frames in flight.
    void setDepth(int depth);
    int depth() const { return depth_; }
    void start();
    void stop();
    // The GPU time of the frame depth - 1 frames before the one just stopped (ms), after waiting for it;
    // nullopt while fewer frames than that have run since setDepth.
    std::optional<double> finish();
    // Waits for every frame still in flight (their times are dropped).
    void drain();

private:
    struct Pair {
        void* start = nullptr;
        void* stop = nullptr;
    };
    void ensurePairs();
    // stream_, recorded_ and read_ are read only where CUDA is built.
    [[maybe_unused]] cudaStream_t stream_;
    int depth_ = 1;
    std::vector<Pair> pairs_;
    [[maybe_unused]] long recorded_ = 0;  // frames stopped since setDepth
    [[maybe_unused]] long read_ = 0;      // frames whose time finish() handed back (or drain dropped)
};

}  // namespace racelab
