// CSV rows are flushed per frame so a crash or Ctrl-C still leaves a usable partial recording.
#include "core/timing_recorder.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "core/json_text.hpp"
#include "core/provenance.hpp"

namespace racelab {

std::string TimingRecorder::summaryPathFor(const std::string& csvPath) {
    return std::filesystem::path(csvPath).replace_extension(".json").string();
}

TimingRecorder::TimingRecorder(const std::string& csvPath) : csvPath_(csvPath) {
    if (csvPath.empty()) return;
    csv_.open(csvPath, std::ios::trunc);
    if (!csv_) throw UsageError("cannot write timing CSV '" + csvPath + "' (check the folder exists and is writable)");
    csv_ << kCsvHeader << "\n";
    csv_.flush();
    if (!csv_) throw UsageError("cannot write timing CSV '" + csvPath + "': " + std::strerror(errno));
    wholeBytes_ = std::strlen(kCsvHeader) + 1;
}

TimingRecorder::~TimingRecorder() = default;

void TimingRecorder::add(long frame, double tSeconds, const FrameTiming& t, const RunLabels& labels) {
    samples_.push_back(t);
    if (!csv_.is_open()) return;
    char row[512];
    std::snprintf(row, sizeof row, "%ld,%.6f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%s,%s,%d,%d,%s,%s,%.4f\n", frame, tSeconds,
                  t.frameMs, t.kernelMs, t.mapMs, t.unmapMs, t.uploadMs, t.presentMs, labels.scene.c_str(),
                  labels.variant.c_str(), labels.width, labels.height, labels.backend.c_str(),
                  labels.presenter.c_str(), t.issueMs);
    errno = 0;
    csv_ << row;
    csv_.flush();
    if (!csv_) return stopFileAfterFailedWrite(errno);
    wholeBytes_ += std::strlen(row);
    ++rowsWritten_;
}

void TimingRecorder::stopFileAfterFailedWrite(int error) {
    csv_.close();
    std::error_code ignored;
    std::filesystem::resize_file(csvPath_, wholeBytes_, ignored);  // shrinking needs no space: cut the half row
    fileError_ = "recording to '" + csvPath_ + "' stopped after " + std::to_string(rowsWritten_) +
                 " rows: " + (error ? std::strerror(error) : "write failed") + " (the rows before are kept whole)";
}

std::string TimingRecorder::takeFileError() {
    std::string error;
    std::swap(error, fileError_);
    return error;
}

Summary TimingRecorder::summary(std::size_t stage) const {
    std::vector<double> values;
    values.reserve(samples_.size());
    for (const auto& s : samples_) values.push_back(stageValue(s, stage));
    return summarize(values);
}

std::string TimingRecorder::runFieldsJson(const RunLabels& labels, int indent) const {
    const std::string in(static_cast<std::size_t>(indent), ' ');
    std::ostringstream json;
    json.precision(6);
    json << in << "\"scene\": " << jsonQuoted(labels.scene) << ", \"variant\": " << jsonQuoted(labels.variant)
         << ", \"backend\": " << jsonQuoted(labels.backend) << ", \"presenter\": " << jsonQuoted(labels.presenter)
         << ", \"width\": " << labels.width << ", \"height\": " << labels.height << ",\n"
         << in << "\"stages_ms\": {\n";
    for (std::size_t stage = 0; stage < kStageNames.size(); ++stage) {
        Summary s = summary(stage);
        json << in << "  \"" << kStageNames[stage] << "\": {\"count\": " << s.count << ", \"min\": " << s.min
             << ", \"p5\": " << s.p5 << ", \"p50\": " << s.p50 << ", \"p95\": " << s.p95 << ", \"p99\": " << s.p99
             << ", \"max\": " << s.max << ", \"mean\": " << s.mean << ", \"mad\": " << s.mad << "}"
             << (stage + 1 < kStageNames.size() ? "," : "") << "\n";
    }
    Summary frame = summary(0);
    json << in << "},\n" << in << "\"fps_median\": " << (frame.p50 > 0 ? 1000.0 / frame.p50 : 0.0);
    if (!kernelsJson_.empty()) json << ",\n" << in << "\"kernels\": " << kernelsJson_;
    for (const auto& [key, value] : extraFields_) json << ",\n" << in << jsonQuoted(key) << ": " << value;
    return json.str();
}

std::string TimingRecorder::summaryJson(const RunLabels& labels) const {
    return std::string("{\n  \"format\": ") + jsonQuoted(kRecordFormat) + ",\n  \"provenance\": " +
           provenanceJson(currentProvenance(), 2) + ",\n" + runFieldsJson(labels, 2) + "\n}\n";
}

void TimingRecorder::writeSummaryJson(const std::string& path, const RunLabels& labels) const {
    writeTextFileAtomically(path, [&](std::ostream& file) { file << summaryJson(labels); });
}

}  // namespace racelab
