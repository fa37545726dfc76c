// The grade table for a terminal: the run's facts (with the reference, the timing measure, the budget and a
// line per column: its frame, size and note), one aligned line per submission with a mark per scene
// ("9 1.05x": score and time against the reference; or the status: wrong, race, fault, ...; "*" where the
// time is of fewer runs or frames than the measure, listed under the table) and the total, then the details
// of every scene that did not pass (rows of one submission with the same status and message, such as a
// compile error, are told once). Submission text is made terminal-safe (text_escape.hpp).
#pragma once
#include <string>

#include "judge/grade_table.hpp"

namespace racelab::judge {

std::string formatGradeTable(const GradeTable& table);

}  // namespace racelab::judge
