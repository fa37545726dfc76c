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
    std::string scene;
    GradeStatus status = GradeStatus::Pass;
    long wrongPixels = 0;           // against the reference (in the first run)
    long differingBetweenRuns = 0;  // pixels that differ between repeated runs
    std::optional<double> medianMs, referenceMs;  // absent when not measured
    // The median of each named part of the frame, in order: a launch list's launches, a whole-file solution's
    // clearImage, advanceAnimation and render; empty when not measured.
    std::vector<std::pair<std::string, double>> stepMedianMs;
    double score = 0, maxScore = 0;
    std::string message;                    // compiler output, fault, the kernel's printf output; untrusted text
    std::vector<std::uint8_t> diffPng, heatPng;  // thumbnails as PNG bytes (encodePng); empty: none
    std::optional<double> ratio() const;    // median / reference, when both are measured
    bool operator==(const GradeRow&) const = default;
};

struct GradeFacts {
    std::string racelabCommit = "unknown";
    std::string racelabDirty = "unknown";  // "true", "false" or "unknown", as Provenance::gitDirty
    std::string gpu = "none";
    std::string driver = "unknown";        // the display driver's version (e.g. "580.65.06"), when known
    std::string cudaRuntime = "none", cudaDriver = "none";  // "13.0"; cudaDriver: the CUDA version the driver supports
    std::string dateUtc;                   // "2026-11-22T11:52:03Z", when grading started
    std::string rule;                      // scoreRuleText of the rule used
    std::vector<std::string> scenes;       // every scene graded, in the order of the columns
    Shard shard;
    bool operator==(const GradeFacts&) const = default;
};

struct GradeTable {
    GradeFacts facts;
    std::vector<GradeRow> rows;
    bool operator==(const GradeTable&) const = default;
};

// The facts of a run on this process's build and device (Provenance has no display driver version: the GPU
// side sets `driver` where it knows it).
GradeFacts gradeFacts(const Provenance& provenance, const ScoreRule& rule, std::vector<std::string> scenes,
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
