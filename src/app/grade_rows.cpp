#include "app/grade_rows.hpp"

#include <algorithm>
#include <cstdio>

#include "core/stats.hpp"
#include "judge/counted_frame_time.hpp"

namespace racelab {

std::string boundedTail(const std::string& message) {
    if (message.size() <= kMessageTailBytes) return message;
    std::size_t from = message.size() - kMessageTailBytes;
    const std::size_t line = message.find('\n', from);
    if (line != std::string::npos && line + 1 < message.size()) from = line + 1;
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on the chain of operator+.
    std::string tail = "[";
    tail.append(std::to_string(from)).append(" earlier bytes of output not kept]\n").append(message, from);
    return tail;
}

void failRow(judge::GradeRow& row, const userkernel::UserKernelStatus& status, const std::string& message) {
    using userkernel::KernelState;
    row.status = status.state == KernelState::CompileFailed                         ? judge::GradeStatus::CompileError
                 : status.timedOut                                                  ? judge::GradeStatus::Timeout
                 : status.state == KernelState::Faulted || status.outsideItsMemory  ? judge::GradeStatus::Fault
                 : status.state == KernelState::ContractBroken                      ? judge::GradeStatus::ContractError
                                                                                    : judge::GradeStatus::Fault;
    row.message = boundedTail(message.empty() ? status.message : message);
}

std::vector<judge::GradeRow> compileOnlyRows(const judge::Submission& submission, const GradeOptions& options,
                                             const judge::ScoreRule& rule, const std::vector<judge::GradedScene>& columns,
                                             const std::string& why) {
    judge::GradeRow row;
    row.submission = submission.name;
    row.maxScore = judge::sceneMaxScore(rule);
    if (!submission.problem.empty()) {
        row.status = judge::GradeStatus::ContractError;
        row.message = submission.problem;
    } else {
        CompileOptions compile;
        compile.path = submission.source;
        compile.family = options.family;
        const CompileOutcome outcome = compileWithoutDevice(compile);
        row.message = describeCompile(compile, outcome);
        if (outcome.compiled || outcome.toolMissing) {
            row.status = judge::GradeStatus::NotRun;
            row.maxScore = 0;
            row.message += "not run: " + why;
        } else {
            row.status = judge::GradeStatus::CompileError;
        }
    }
    std::vector<judge::GradeRow> rows;
    for (const judge::GradedScene& column : columns) {
        rows.push_back(row);
        rows.back().scene = column.label;
        if (!column.graded) {  // as every submission has it
            rows.back().status = judge::GradeStatus::NotRun;
            rows.back().maxScore = 0;
            rows.back().message = column.note;
        }
    }
    return rows;
}

std::vector<std::pair<std::string, double>> timedStepMedians(const userkernel::RecordedFrameTimes& recorded, long frames) {
    std::vector<std::pair<std::string, double>> out;
    for (std::size_t i = 0; i < recorded.stepNames.size() && i < recorded.stepMs.size(); ++i) {
        const std::vector<double>& all = recorded.stepMs[i];
        const std::size_t timed = std::min(all.size(), static_cast<std::size_t>(std::max(frames, 1L)));
        if (timed == 0) continue;
        out.emplace_back(recorded.stepNames[i], summarize(std::vector<double>(all.end() - static_cast<std::ptrdiff_t>(timed), all.end())).p50);
    }
    return out;
}

std::string outsideTheCallsNote(const userkernel::RecordedFrameTimes& recorded, long frames, double racelabPathMs) {
    const std::size_t timed = std::min({recorded.kernelMs.size(), recorded.parentMs.size(), static_cast<std::size_t>(std::max(frames, 1L))});
    if (timed == 0 || recorded.parentMs.size() != recorded.kernelMs.size()) return "";
    std::vector<double> course, beyond, image;
    for (std::size_t i = recorded.kernelMs.size() - timed; i < recorded.kernelMs.size(); ++i) {
        course.push_back(recorded.kernelMs[i]);
        beyond.push_back(judge::countedFrameMs(recorded.kernelMs[i], judge::calibratedClockMs(recorded.parentMs[i], racelabPathMs)) -
                         recorded.kernelMs[i]);
        if (i < recorded.imageMs.size()) image.push_back(recorded.imageMs[i]);
    }
    const double more = summarize(beyond).p50;
    if (more <= 0) return "";
    char text[400];
    std::snprintf(text, sizeof text,
                  "counted %.3f ms a frame beyond the course's measure (%.3f ms, median): racelab's clock saw work outside "
                  "clearImage, advanceAnimation and render -- in getImage (%.3f ms by its own worker) or on a thread of its "
                  "own -- and counts it (docs/GRADING.md, \"Time that cannot be bought\")",
                  more, summarize(course).p50, image.empty() ? 0.0 : summarize(image).p50);
    return text;
}

}  // namespace racelab
