#include "app/viewer/viewer_recording.hpp"

#include <cstdio>

#include "core/errors.hpp"

namespace racelab {

std::string ViewerRecording::start(const std::string& csvPath) {
    try {
        recorder_ = std::make_unique<TimingRecorder>(csvPath);
        return "recording to " + csvPath;
    } catch (const Error& e) {
        recorder_.reset();
        std::fprintf(stderr, "racelab: %s (the viewer keeps running)\n", e.what());
        return std::string("cannot record: ") + e.what();
    }
}

std::string ViewerRecording::stop() {
    if (!recorder_) return "";
    const std::string json = TimingRecorder::summaryPathFor(recorder_->csvPath());
    std::string message;
    try {
        recorder_->writeSummaryJson(json, labels_);
        message = "recorded " + recorder_->csvPath() + " and " + json;
    } catch (const Error& e) {
        message = e.what();
    }
    std::fprintf(stderr, "racelab: %s\n", message.c_str());
    recorder_.reset();
    return message;
}

std::string ViewerRecording::add(long frameIndex, const FrameTiming& timing, const RunLabels& labels) {
    labels_ = labels;
    if (!recorder_) return "";
    recorder_->add(frameIndex, clock_.ms() / 1000.0, timing, labels);
    std::string error = recorder_->takeFileError();
    if (!error.empty()) {
        std::fprintf(stderr, "racelab: %s; the viewer keeps running\n", error.c_str());
        stop();
    }
    return error;
}

}  // namespace racelab
