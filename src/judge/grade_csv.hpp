// The grade table as CSV for a course's spreadsheet: one line per (submission, scene), each carrying the run's
// facts (racelab commit and dirty flag, GPU, driver, CUDA, date, rule, shard) so a line copied elsewhere keeps
// its origin. RFC 4180 (CRLF line ends, quoted fields where needed) and formula-safe (text_escape.hpp's
// csvField). Columns:
//   submission,scene,status,score,max_score,median_ms,reference_ms,ratio,wrong_pixels,differing_between_runs,
//   message,racelab_commit,racelab_dirty,gpu,driver,cuda_runtime,cuda_driver,date_utc,rule,shard
// Times and ratio are empty when not measured. Thumbnails are not in the CSV.
#pragma once
#include <string>

#include "judge/grade_table.hpp"

namespace racelab::judge {

std::string gradeCsv(const GradeTable& table);
void writeGradeCsv(const GradeTable& table, const std::string& path);  // atomically

}  // namespace racelab::judge
