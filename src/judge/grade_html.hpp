// The grade table as one self-contained HTML page a teacher opens in a browser: the run's facts (reference,
// timing measure, budget, scene set among them), the columns (each scene's frame, size, note and reference
// time), the table (a cell per submission and scene, coloured by status, saying where a time is of fewer runs
// or frames than the measure), and per submission the scenes that did not pass with their diff and heat
// thumbnails and messages. Inline CSS, thumbnails as base64 PNG data URIs, no JavaScript and no external
// resource (a Content-Security-Policy meta tag forbids both). Every text from a submission (names, compiler
// messages, printf output) and every fact is HTML-escaped.
#pragma once
#include <string>

#include "judge/grade_table.hpp"

namespace racelab::judge {

std::string gradeHtml(const GradeTable& table);
// Creates `folder` when missing and writes `folder`/index.html atomically; returns that path.
std::string writeGradeHtml(const GradeTable& table, const std::string& folder);

}  // namespace racelab::judge
