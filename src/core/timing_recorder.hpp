// Records per-frame stage times to a CSV (one row per frame) and writes a JSON summary with the same
// percentiles the bench table prints, plus the spread (p5, MAD) tools/bench-compare takes as the noise, in the
// one record format of racelab (kRecordFormat): provenance first (core/provenance.hpp), then the run.
#pragma once
#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
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
    // issue_ms, last: the host's time issuing the frame's GPU work (FrameTiming::issueMs; not a stage), so that a
    // slow frame shows whether the host or the GPU took the time.
    static constexpr const char* kCsvHeader =
        "frame,t_s,frame_ms,kernel_ms,map_ms,unmap_ms,upload_ms,present_ms,scene,variant,width,height,backend,presenter,"
        "issue_ms";

    // Opens `csvPath` (may be empty: keep samples only). Throws UsageError when the file cannot be created.
    explicit TimingRecorder(const std::string& csvPath = "");
    ~TimingRecorder();

    void add(long frame, double tSeconds, const FrameTiming& timing, const RunLabels& labels);
    const std::vector<FrameTiming>& samples() const { return samples_; }
    Summary summary(std::size_t stage) const;
    static constexpr const char* kRecordFormat = "racelab-record/1";
    // The run's fields -- labels, "stages_ms" with one object per stage ({"count":..,"min":..,"p5":..,"p50":..,
    // ...}) and "fps_median" -- as the inside of a JSON object, every line indented by `indent` spaces, no
    // trailing comma or newline. bench --suite puts one per preset into its record.
    std::string runFieldsJson(const RunLabels& labels, int indent) const;
    // The whole record: {"format", "provenance" (this process's, now), the run's fields}.
    std::string summaryJson(const RunLabels& labels) const;
    void writeSummaryJson(const std::string& path, const RunLabels& labels) const;
    // A "kernels" object for the record (bench's per-step table, app/bench_kernels.hpp), already JSON; empty: none.
    void setKernelsJson(std::string json) { kernelsJson_ = std::move(json); }
    // One more field of the run, `json` already JSON, written after "kernels" in the order added (bench's
    // "command", "limits" and "notes", app/bench_record.hpp).
    void addFieldJson(std::string key, std::string json) { extraFields_.emplace_back(std::move(key), std::move(json)); }
    bool recordingToFile() const { return csv_.is_open(); }
    const std::string& csvPath() const { return csvPath_; }
    // Where a recording's JSON summary goes: the CSV's path with .json (timings.csv -> timings.json).
    static std::string summaryPathFor(const std::string& csvPath);
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
    std::string kernelsJson_;
    std::vector<std::pair<std::string, std::string>> extraFields_;
};

}  // namespace racelab
