// Records per-frame stage times to a CSV (one row per frame) and writes a JSON summary with the same
// percentiles the bench table prints.
#pragma once
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "core/frame_timing.hpp"
#include "core/stats.hpp"

namespace racelab {

struct RunLabels {
    std::string scene, variant, backend, presenter;
    int width = 0, height = 0;
};

class TimingRecorder {
public:
    static constexpr const char* kCsvHeader =
        "frame,t_s,frame_ms,kernel_ms,map_ms,unmap_ms,upload_ms,present_ms,scene,variant,width,height,backend,presenter";

    // Opens `csvPath` (may be empty: keep samples only). Throws UsageError when the file cannot be created.
    explicit TimingRecorder(const std::string& csvPath = "");
    ~TimingRecorder();

    void add(long frame, double tSeconds, const FrameTiming& timing, const RunLabels& labels);
    const std::vector<FrameTiming>& samples() const { return samples_; }
    Summary summary(std::size_t stage) const;
    // JSON with one object per stage: {"frame": {"count":..,"min":..,"p50":..,...}, ...} plus labels.
    std::string summaryJson(const RunLabels& labels) const;
    void writeSummaryJson(const std::string& path, const RunLabels& labels) const;
    bool recordingToFile() const { return csv_.is_open(); }
    const std::string& csvPath() const { return csvPath_; }
    // Why the CSV stopped (a write failed: disk full, file too large), once; empty otherwise. The rows written
    // before stay whole: a half-written row is cut off again.
    std::string takeFileError();

private:
    void stopFileAfterFailedWrite(int error);

    std::string csvPath_;
    std::ofstream csv_;
    std::uintmax_t wholeBytes_ = 0;  // the file's length up to the last complete row
    long rowsWritten_ = 0;
    std::string fileError_;
    std::vector<FrameTiming> samples_;
};

}  // namespace racelab
