// The grade table as JSON (schema "racelab-grade/2"), written for a course's records and read back to merge
// shards. Layout:
//   {"schema": "racelab-grade/2",
//    "facts": {"racelab_commit", "racelab_dirty", "gpu", "driver", "cuda_runtime", "cuda_driver", "date_utc",
//              "rule", "reference", "scene_set" ("course", "all" or "chosen"), "shard": "K/N",   (strings)
//              "measure": {"runs" (>= 1), "frames" (>= 1), "warmup" (>= 0)},
//              "budget_seconds" (>= 0; 0: none),
//              "scenes": [{"label", "scene", "frame", "width", "height", "note", "graded" (true/false)}, ...]
//                        (the columns in order; labels unique, each gradedSceneLabel(scene, frame)),
//              "reference_ms": {"LABEL": ms, ...} (labels of columns; read back in the columns' order),
//              "first_picture_overhead_ms": {"LABEL": ms, ...} (as reference_ms; optional: absent, none)},
//    "rows": [{"submission", "scene" (a column's label), "status", "wrong_pixels", "differing_between_runs",
//              "time_ms", "reference_ms", "ratio" (number or null; ratio is derived and not read back),
//              "runs_timed", "frames_timed" (at most the measure's runs and frames), "score", "max_score",
//              "message", "diff_png", "heat_png" (base64 PNG or null),
//              "step_median_ms": [{"name", "median_ms"}, ...] (optional),
//              "first_picture_floor_ms" (number or null; optional: absent, null)}, ...]}
// A "racelab-grade/1" document (an older racelab's, without frames, sizes or the measure) is refused: grade again.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "judge/grade_table.hpp"

namespace racelab::judge {

inline constexpr const char* kGradeSchema = "racelab-grade/2";

nlohmann::json gradeJson(const GradeTable& table);
// Validates the schema name and every field; throws UsageError "ORIGIN: rows[3].status: ..." naming the field,
// what it holds and what was expected. Rows keep the order of the document.
GradeTable gradeTableFromJson(const nlohmann::json& document, const std::string& origin);

// Written atomically (core/atomic_file.hpp), indented by 2.
void writeGradeJson(const GradeTable& table, const std::string& path);
// Reads and validates a file written by writeGradeJson; UsageErrors name the file.
GradeTable readGradeJson(const std::string& path);

}  // namespace racelab::judge
