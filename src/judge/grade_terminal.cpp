// Grade table -> aligned terminal text (grade_terminal.hpp).
#include "judge/grade_terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "judge/grade_text.hpp"
#include "judge/number_text.hpp"
#include "judge/text_escape.hpp"

namespace racelab::judge {
namespace {

std::string ratioText(double ratio) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", ratio);
    return text;
}

// "9 1.05x", with "*" when timed on fewer runs or frames than the measure (told under the table).
std::string markOf(const GradeRow& row, const TimingMeasure& measure) {
    const std::string shortMark = timedShort(row, measure) ? "*" : "";
    if (row.status != GradeStatus::Pass) return std::string(statusName(row.status)) + shortMark;
    const auto ratio = row.ratio();
    return numberText(row.score) + (ratio ? " " + ratioText(*ratio) : std::string()) + shortMark;
}

std::string padded(const std::string& text, std::size_t width) {
    return text + std::string(width - std::min(width, displayWidth(text)), ' ');
}

std::string detailOf(const GradeRow& row) {
    std::string line = std::string(statusName(row.status));
    if (row.wrongPixels > 0) line += ", " + std::to_string(row.wrongPixels) + " wrong pixels";
    if (row.differingBetweenRuns > 0)
        line += ", " + std::to_string(row.differingBetweenRuns) + " pixels differ between runs";
    return line;
}

// How every time was taken and what the columns are: a line per column with its frame and size (the label
// names the frame past 0, but the size is nowhere else) and its note.
void writeMeasureAndColumns(std::ostream& out, const GradeFacts& f) {
    out << "  timed against " << terminalSafe(f.reference) << ": " << measureText(f.measure) << "; budget "
        << budgetText(f.budgetSeconds) << "\n"
        << "  scenes (" << terminalSafe(f.sceneSet) << "):\n";
    std::size_t width = 0;
    for (const GradedScene& column : f.scenes) width = std::max(width, displayWidth(terminalSafe(column.label)));
    for (const GradedScene& column : f.scenes) {
        std::string line = "    " + padded(terminalSafe(column.label), width) + "  frame " +
                           std::to_string(column.frame) + ", " + sizeText(column);
        if (!column.graded) line += ", not graded here";
        if (!column.note.empty()) line += ": " + terminalSafe(column.note);
        out << line << "\n";
    }
}

// The rows timed on fewer runs or frames than the measure, marked "*" in the table.
void writeTimedShort(std::ostream& out, const GradeTable& table) {
    bool first = true;
    for (const GradeRow& row : table.rows) {
        if (!timedShort(row, table.facts.measure)) continue;
        if (first) out << "\n* timed on fewer runs × frames than the measure (the budget ran short):\n", first = false;
        out << "  " << terminalSafe(row.submission) << ", " << terminalSafe(row.scene) << ": "
            << timedText(row, table.facts.measure) << "\n";
    }
}

}  // namespace

std::string formatGradeTable(const GradeTable& table) {
    const GradeFacts& f = table.facts;
    const auto totals = submissionTotals(table);
    std::ostringstream out;
    out << "racelab grade: " << totals.size() << " submissions, " << f.scenes.size() << " scenes, rule "
        << terminalSafe(scoreRuleText(f.rule)) << ", shard " << shardText(f.shard) << "\n"
        << "  racelab " << terminalSafe(f.racelabCommit) << " (dirty: " << terminalSafe(f.racelabDirty) << "), GPU "
        << terminalSafe(f.gpu) << ", driver " << terminalSafe(f.driver) << ", CUDA " << terminalSafe(f.cudaRuntime)
        << " (driver supports " << terminalSafe(f.cudaDriver) << "), " << terminalSafe(f.dateUtc) << "\n";
    writeMeasureAndColumns(out, f);
    out << "\n";

    // Columns: submission, one per scene, total.
    std::vector<std::vector<std::string>> lines;
    std::vector<std::string> header{"submission"};
    const std::vector<std::string> labels = f.labels();
    for (const std::string& label : labels) header.push_back(terminalSafe(label));
    header.push_back("total");
    lines.push_back(header);
    for (const SubmissionTotal& total : totals) {
        std::vector<std::string> line{terminalSafe(total.submission)};
        for (const std::string& scene : labels) {
            const auto row = std::find_if(table.rows.begin(), table.rows.end(), [&](const GradeRow& r) {
                return r.submission == total.submission && r.scene == scene;
            });
            line.push_back(row == table.rows.end() ? "-" : markOf(*row, f.measure));
        }
        line.push_back(numberText(total.score) + "/" + numberText(total.maxScore));
        lines.push_back(line);
    }
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& line : lines)
        for (std::size_t c = 0; c < line.size(); ++c) widths[c] = std::max(widths[c], displayWidth(line[c]));
    for (const auto& line : lines) {
        std::string text;
        for (std::size_t c = 0; c < line.size(); ++c)
            text += c + 1 == line.size() ? line[c] : padded(line[c], widths[c]) + "  ";
        out << text << "\n";
    }
    writeTimedShort(out, table);

    // Details of what did not pass, a shared failure told once.
    bool first = true;
    for (const SubmissionTotal& total : totals)
        for (const RowGroup& group : rowsToTell(table, total.submission)) {
            if (group.row->status == GradeStatus::Pass) continue;  // a passing kernel's output: the page has it
            if (first) out << "\nnot passed:\n", first = false;
            std::string where;
            for (const std::string& scene : group.scenes) where += (where.empty() ? "" : ", ") + terminalSafe(scene);
            if (group.scenes.size() == f.scenes.size() && group.scenes.size() > 1) where = "every scene";
            out << "  " << terminalSafe(total.submission) << ", " << where << ": " << detailOf(*group.row) << "\n";
            std::istringstream message(terminalSafe(group.row->message, true));
            for (std::string line; std::getline(message, line);) out << "      " << line << "\n";
        }
    return out.str();
}

}  // namespace racelab::judge
