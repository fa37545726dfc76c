// The record of a grading run: one row per (submission, scene) and the facts of the run. The writers are in
// grade_terminal.hpp, grade_json.hpp (also the reader), grade_csv.hpp and grade_html.hpp; merging shards in
// grade_shards.hpp. Rows are kept in the canonical order (sortRows): submission name bytewise, then the
// scenes in the order of GradeFacts::scenes.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/provenance.hpp"
#include "judge/repeat_report.hpp"
#include "judge/score_rule.hpp"
#include "judge/shard.hpp"

namespace racelab::judge {

enum class GradeStatus {
    Pass,           // correct (and, with repeats, the same every run)
    Wrong,          // wrong the same way every run: a bug
    Race,           // differs between runs
    Fault,          // the kernel crashed or raised a CUDA error
    Timeout,        // ran past the time limit
    CompileError,   // did not compile
    ContractError,  // compiled, but breaks the contract of the variant (signature, launch, sizes)
    NotRun,         // compiled, but racelab could not run it here (no CUDA device): racelab's limit, scored out of 0
};

// "pass", "wrong", "race", "fault", "timeout", "compile-error", "contract-error", "not-run".
std::string_view statusName(GradeStatus status);
std::optional<GradeStatus> parseStatus(std::string_view name);
// The status a repeat report's verdict gives: Correct -> pass, WrongDeterministic -> wrong, Nondeterministic -> race.
GradeStatus statusOf(RepeatVerdict verdict);

struct GradeRow {
    std::string submission;  // as listed (grade_shards.hpp); untrusted text
    std::string scene;       // the column: GradedScene::label
    GradeStatus status = GradeStatus::Pass;
    long wrongPixels = 0;           // against the reference (in the first run)
    long differingBetweenRuns = 0;  // pixels that differ between repeated runs
    // The submission's time by the table's measure (TimingMeasure: the least of its runs' means) and the
    // reference's on the same scene; absent when not measured.
    std::optional<double> timeMs, referenceMs;
    // What was timed: runs and frames a run. Fewer than the measure asks when the submission's budget ran
    // short (the message says so); 0 when not timed.
    int runsTimed = 0, framesTimed = 0;
    // The median of each named part of the frame, in order: a launch list's launches, a whole-file solution's
    // clearImage, advanceAnimation and render; empty when not measured.
    std::vector<std::pair<std::string, double>> stepMedianMs;
    // What its first picture in a fresh renderer says one frame costs at least (judge::firstPictureFloorMs),
    // before the slack: the number the row's time is held against. Absent: no first picture was drawn.
    std::optional<double> firstPictureFloorMs;
    double score = 0, maxScore = 0;
    std::string message;                    // compiler output, fault, the kernel's printf output; untrusted text
    std::vector<std::uint8_t> diffPng, heatPng;  // thumbnails as PNG bytes (encodePng); empty: none
    std::optional<double> ratio() const;    // time / reference, when both are measured
    bool operator==(const GradeRow&) const = default;
};

// One column of the table: a scene at the frame and size it is judged at.
struct GradedScene {
    std::string label;          // the column's name: the scene, with "@FRAME" past frame 0 ("circles/snow@240")
    std::string scene;          // family/preset
    long frame = 0;             // the animation frame judged (CS149's numbering: frame 0 is one step in)
    int width = 0, height = 0;  // the frame size judged
    // Why this frame or size, what it stands in for, or why it is not graded; "" when there is nothing to say.
    std::string note;
    // false: racelab could not prepare the scene here (GPU memory, a missing input): every row of it is
    // not-run, scored out of 0, for every submission alike.
    bool graded = true;
    bool operator==(const GradedScene&) const = default;
};

// The label of `scene` judged at `frame`: "circles/snow@240", or the scene's name at frame 0.
std::string gradedSceneLabel(const std::string& scene, long frame);

// How a time is measured, the same for the submissions and the reference. The course's: the least of 3 runs,
// each the mean of frames 0 to 3 (checker.py's `-b 0:4` and min of three).
struct TimingMeasure {
    int runs = 3;    // timed runs per scene and side
    int frames = 4;  // frames a run
    int warmup = 2;  // frames drawn before the runs, untimed (racelab's worker lives across runs; the course's does not)
    bool operator==(const TimingMeasure&) const = default;
};
// "the least of 3 runs, each the mean of 4 frames, after 2 untimed"
std::string measureText(const TimingMeasure& measure);

struct GradeFacts {
    std::string racelabCommit = "unknown";
    std::string racelabDirty = "unknown";  // "true", "false" or "unknown", as Provenance::gitDirty
    std::string gpu = "none";
    std::string driver = "unknown";        // the display driver's version (e.g. "580.65.06"), when known
    std::string cudaRuntime = "none", cudaDriver = "none";  // "13.0"; cudaDriver: the CUDA version the driver supports
    std::string dateUtc;                   // "2026-11-22T11:52:03Z", when grading started
    ScoreRule rule;                        // the rule used; the writers write its scoreRuleText
    // What every submission is timed against: "good" (racelab's built-in) or "NAME (sha256 HEX)" of a
    // teacher's --reference, timed in the same run on the same GPU.
    std::string reference = "good";
    TimingMeasure measure;
    double budgetSeconds = 0;              // a submission's time budget for running its scenes; 0: none
    std::string sceneSet;                  // "course" (CS149's graded scenes), "all", or "chosen" (--scenes)
    std::vector<GradedScene> scenes;       // every column, in order
    // The reference's time on each column, by label (absent: not measured there); shards measure their own.
    std::vector<std::pair<std::string, double>> referenceMs;
    // The reference's first-picture overhead on each column (judge::firstPictureOverheadMs), by label; absent
    // where no first picture was drawn (--reference good, launch lists).
    std::vector<std::pair<std::string, double>> firstPictureOverheadMs;
    Shard shard;
    std::vector<std::string> labels() const;  // scenes' labels, in order
    const GradedScene* column(const std::string& label) const;  // nullptr when no column has it
    bool operator==(const GradeFacts&) const = default;
};

struct GradeTable {
    GradeFacts facts;
    std::vector<GradeRow> rows;
    bool operator==(const GradeTable&) const = default;
};

// The facts of a run on this process's build and device (Provenance has no display driver version: the GPU
// side sets `driver` where it knows it).
GradeFacts gradeFacts(const Provenance& provenance, const ScoreRule& rule, std::vector<GradedScene> scenes,
                      const Shard& shard);

// Puts the rows in the canonical order (a scene not in facts.scenes sorts after the listed ones, by name).
void sortRows(GradeTable& table);

struct SubmissionTotal {
    std::string submission;
    double score = 0, maxScore = 0;
    int scenesPassed = 0, scenes = 0;
};
// One total per submission, in the order of the rows' first appearance.
std::vector<SubmissionTotal> submissionTotals(const GradeTable& table);

// What the writers tell about one submission beyond its marks: its rows that did not pass or carry a message.
// Rows without pixel counts or thumbnails that share status and message (a compile error hits every scene)
// form one entry, told once with the names of its scenes.
struct RowGroup {
    const GradeRow* row = nullptr;    // the first row of the group
    std::vector<std::string> scenes;  // the scenes of its rows, in row order
};
std::vector<RowGroup> rowsToTell(const GradeTable& table, const std::string& submission);

}  // namespace racelab::judge
