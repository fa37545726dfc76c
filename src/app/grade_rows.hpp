// How a grade row is filled from what happened to a submission: a failure's status and its bounded message, the
// rows of a submission that could only be compiled, the median of each timed step (app/grading.hpp fills the
// rest).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "app/commands.hpp"
#include "judge/grade_shards.hpp"
#include "judge/grade_table.hpp"
#include "userkernel/user_kernel.hpp"

namespace racelab {

// A row's message keeps the last part of what the submission printed: enough to read, bounded for a class.
inline constexpr std::size_t kMessageTailBytes = 4096;

// The last kMessageTailBytes of `message`, from a line start, with what was cut said first.
std::string boundedTail(const std::string& message);

// A failed kernel's row: its state says which status (a write past the image is a fault, not a contract error).
void failRow(judge::GradeRow& row, const userkernel::UserKernelStatus& status, const std::string& message);

// Without a CUDA device (or, for a whole-file submission, without a sandbox) each submission is still compiled
// (for the lowest architecture racelab carries code for): one that does not compile is its compile-error on
// every column; one that does is not-run there, scored out of 0, with why -- racelab's limit is never a
// submission's fault. A column no one is graded on is not-run with its note, as for every submission. `rule`:
// the plan's (app/grade_plan.hpp), for the points a compile error loses.
std::vector<judge::GradeRow> compileOnlyRows(const judge::Submission& submission, const GradeOptions& options,
                                             const judge::ScoreRule& rule, const std::vector<judge::GradedScene>& columns,
                                             const std::string& why);

// The median of each part of a kernel's frame over its last `frames` recorded frames (the timed ones): a
// launch list's launches (CUDA events), a whole-file solution's calls (the course's wall clock).
std::vector<std::pair<std::string, double>> timedStepMedians(const userkernel::RecordedFrameTimes& recorded, long frames);

// What racelab's clock (less `racelabPathMs`, the column's calibration) saw beyond the course's measure in the
// last `frames` recorded frames, where it counted (judge/counted_frame_time.hpp): a line for the row, or ""
// when every frame counted the course's measure.
std::string outsideTheCallsNote(const userkernel::RecordedFrameTimes& recorded, long frames, double racelabPathMs = 0);

}  // namespace racelab
