// The grade table as CSV for a course's spreadsheet: one line per (submission, scene), each carrying the run's
// facts (racelab commit and dirty flag, GPU, driver, CUDA, date, rule, reference, timing measure, budget,
// scene set, shard) so a line copied elsewhere keeps its origin. RFC 4180 (CRLF line ends, quoted fields where
// needed) and formula-safe (text_escape.hpp's csvField). Columns:
//   submission,scene,frame,size,status,score,max_score,time_ms,reference_ms,ratio,runs_timed,frames_timed,
//   wrong_pixels,differing_between_runs,message,racelab_commit,racelab_dirty,gpu,driver,cuda_runtime,
//   cuda_driver,date_utc,rule,reference,measure,budget_seconds,scene_set,shard,step_median_ms
// scene is the column's label ("circles/snow@240"), frame and size ("1024x1024") what it was judged at; measure
// is measureText ("the least of 3 runs, ..."); runs_timed and frames_timed are fewer than the measure's where
// the submission's budget ran short. Times and ratio are empty when not measured, budget_seconds when there is
// no budget. Thumbnails are not in the CSV.
#pragma once
#include <string>

#include "judge/grade_table.hpp"

namespace racelab::judge {

std::string gradeCsv(const GradeTable& table);
void writeGradeCsv(const GradeTable& table, const std::string& path);  // atomically

}  // namespace racelab::judge
