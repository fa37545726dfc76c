// Short texts the grade writers share, so the terminal, the CSV and the page say a column's size, a budget and
// a short timing the same way.
#pragma once
#include <string>

#include "core/size_parse.hpp"
#include "judge/grade_table.hpp"
#include "judge/number_text.hpp"

namespace racelab::judge {

// "1024x1024"
inline std::string sizeText(const GradedScene& column) { return racelab::sizeText(Size2{column.width, column.height}); }

// "60 s a submission", or "none" for 0.
inline std::string budgetText(double seconds) {
    return seconds > 0 ? numberText(seconds) + " s a submission" : "none";
}

// Whether `row` was timed, but on fewer runs or frames than `measure` asks (its budget ran short): then its
// time is a mean of fewer frames, or the least of fewer runs, than the reference's.
inline bool timedShort(const GradeRow& row, const TimingMeasure& measure) {
    return row.timeMs && (row.runsTimed < measure.runs || row.framesTimed < measure.frames);
}

// "1×2 of 3×4": runs × frames timed, of those the measure asks.
inline std::string timedText(const GradeRow& row, const TimingMeasure& measure) {
    return std::to_string(row.runsTimed) + "×" + std::to_string(row.framesTimed) + " of " +
           std::to_string(measure.runs) + "×" + std::to_string(measure.frames);
}

}  // namespace racelab::judge
