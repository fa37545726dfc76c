// Grade table -> aligned terminal text (grade_terminal.hpp).
#include "judge/grade_terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "judge/number_text.hpp"
#include "judge/text_escape.hpp"

namespace racelab::judge {
namespace {

std::string ratioText(double ratio) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", ratio);
    return text;
}

std::string markOf(const GradeRow& row) {
    if (row.status != GradeStatus::Pass) return std::string(statusName(row.status));
    const auto ratio = row.ratio();
    return numberText(row.score) + (ratio ? " " + ratioText(*ratio) : std::string());
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

}  // namespace

std::string formatGradeTable(const GradeTable& table) {
    const GradeFacts& f = table.facts;
    const auto totals = submissionTotals(table);
    std::ostringstream out;
    out << "racelab grade: " << totals.size() << " submissions, " << f.scenes.size() << " scenes, rule "
        << terminalSafe(f.rule) << ", shard " << shardText(f.shard) << "\n"
        << "  racelab " << terminalSafe(f.racelabCommit) << " (dirty: " << terminalSafe(f.racelabDirty) << "), GPU "
        << terminalSafe(f.gpu) << ", driver " << terminalSafe(f.driver) << ", CUDA " << terminalSafe(f.cudaRuntime)
        << " (driver supports " << terminalSafe(f.cudaDriver) << "), " << terminalSafe(f.dateUtc) << "\n\n";

    // Columns: submission, one per scene, total.
    std::vector<std::vector<std::string>> lines;
    std::vector<std::string> header{"submission"};
    for (const std::string& scene : f.scenes) header.push_back(terminalSafe(scene));
    header.push_back("total");
    lines.push_back(header);
    for (const SubmissionTotal& total : totals) {
        std::vector<std::string> line{terminalSafe(total.submission)};
        for (const std::string& scene : f.scenes) {
            const auto row = std::find_if(table.rows.begin(), table.rows.end(), [&](const GradeRow& r) {
                return r.submission == total.submission && r.scene == scene;
            });
            line.push_back(row == table.rows.end() ? "-" : markOf(*row));
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
