// The grade table as JSON (schema "racelab-grade/1"), written for a course's records and read back to merge
// shards. Layout:
//   {"schema": "racelab-grade/1",
//    "facts": {"racelab_commit", "racelab_dirty", "gpu", "driver", "cuda_runtime", "cuda_driver", "date_utc",
//              "rule", "scenes": [...], "shard": "K/N"},            (all strings but scenes)
//    "rows": [{"submission", "scene", "status", "wrong_pixels", "differing_between_runs",
//              "median_ms", "reference_ms", "ratio" (number or null; ratio is derived and not read back),
//              "score", "max_score", "message", "diff_png", "heat_png" (base64 PNG or null)}, ...]}
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "judge/grade_table.hpp"

namespace racelab::judge {

inline constexpr const char* kGradeSchema = "racelab-grade/1";

nlohmann::json gradeJson(const GradeTable& table);
// Validates the schema name and every field; throws UsageError "ORIGIN: rows[3].status: ..." naming the field,
// what it holds and what was expected. Rows keep the order of the document.
GradeTable gradeTableFromJson(const nlohmann::json& document, const std::string& origin);

// Written atomically (core/atomic_file.hpp), indented by 2.
void writeGradeJson(const GradeTable& table, const std::string& path);
// Reads and validates a file written by writeGradeJson; UsageErrors name the file.
GradeTable readGradeJson(const std::string& path);

}  // namespace racelab::judge
