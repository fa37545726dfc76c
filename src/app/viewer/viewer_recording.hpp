// The viewer's recording (the panel's "record CSV" button and view --record): per-frame timings to a CSV,
// flushed as they come, and the JSON summary beside it when the recording stops. Failures never end the
// viewer: each call returns the message the panel shows.
#pragma once
#include <memory>
#include <string>

#include "core/frame_timing.hpp"
#include "core/stopwatch.hpp"
#include "core/timing_recorder.hpp"

namespace racelab {

class ViewerRecording {
public:
    bool active() const { return recorder_ != nullptr; }
    std::string start(const std::string& csvPath);  // "recording to ..." or why it cannot
    std::string stop();                              // "recorded ... and ..."; "" when none was running
    // One frame; returns the error that stopped the recording, "" while all is well.
    std::string add(long frameIndex, const FrameTiming& timing, const RunLabels& labels);

private:
    std::unique_ptr<TimingRecorder> recorder_;
    RunLabels labels_;  // of the last frame: the summary names what was recorded last
    Stopwatch clock_;
};

}  // namespace racelab
