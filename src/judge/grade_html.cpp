// Grade table -> one self-contained HTML page (grade_html.hpp).
#include "judge/grade_html.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "judge/base64.hpp"
#include "judge/grade_text.hpp"
#include "judge/number_text.hpp"
#include "judge/text_escape.hpp"

namespace racelab::judge {
namespace {

constexpr const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
table.grades td { text-align: center; }
.pass { background: #d9f2d9; } .wrong { background: #f8d0d0; } .race { background: #ffe2b3; }
.fault, .timeout, .compile-error, .contract-error { background: #e3dcf2; }
.not-run { background: #eeeeee; }
.swatch { display: inline-block; width: 1em; height: 1em; vertical-align: middle; border: 1px solid #999; }
figure { display: inline-block; margin: 0.3em 1em 0.3em 0; }
figure img { width: 256px; image-rendering: pixelated; border: 1px solid #999; }
pre { background: #f4f4f4; padding: 0.5em; overflow-x: auto; white-space: pre-wrap; max-height: 30em; }
small { color: #555; }
)";

std::string ratioText(double ratio) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2fx", ratio);
    return text;
}

std::string msText(const std::optional<double>& ms) {
    if (!ms) return "not measured";
    char text[32];
    std::snprintf(text, sizeof text, "%.3f ms", *ms);
    return text;
}

// The numbers a row has: pixel counts where the frame was judged, times where measured (and how much of the
// measure they cover when the budget ran short).
std::string rowFacts(const GradeRow& row, const TimingMeasure& measure) {
    std::string text;
    const bool judged = row.status == GradeStatus::Pass || row.status == GradeStatus::Wrong || row.status == GradeStatus::Race;
    if (judged || row.wrongPixels > 0 || row.differingBetweenRuns > 0)
        text += std::to_string(row.wrongPixels) + " wrong pixels, " + std::to_string(row.differingBetweenRuns) +
                " pixels differ between runs. ";
    if (row.timeMs || row.referenceMs) text += "Time " + msText(row.timeMs) + ", reference " + msText(row.referenceMs) + ". ";
    if (timedShort(row, measure))
        text += "Timed " + timedText(row, measure) + " (runs × frames: the budget ran short). ";
    for (std::size_t i = 0; i < row.stepMedianMs.size(); ++i)
        text += (i == 0 ? "Of it: " : ", ") + row.stepMedianMs[i].first + " " + msText(row.stepMedianMs[i].second) +
                (i + 1 == row.stepMedianMs.size() ? ". " : "");
    if (text.empty()) return text;
    return text + "Score " + numberText(row.score) + " of " + numberText(row.maxScore) + ".";
}

void writeFacts(std::ostream& out, const GradeFacts& f, std::size_t submissions) {
    const auto line = [&](const char* name, const std::string& value) {
        out << "<tr><th>" << name << "</th><td>" << htmlEscaped(value) << "</td></tr>\n";
    };
    out << "<table class=\"facts\">\n";
    line("submissions", std::to_string(submissions));
    line("scene set", f.sceneSet);
    line("rule", scoreRuleText(f.rule));
    line("reference", f.reference);
    line("timing", measureText(f.measure));
    line("budget", budgetText(f.budgetSeconds));
    line("shard", shardText(f.shard));
    line("racelab", f.racelabCommit + " (dirty tree: " + f.racelabDirty + ")");
    line("GPU", f.gpu);
    line("driver", f.driver + " (supports CUDA " + f.cudaDriver + ")");
    line("CUDA runtime", f.cudaRuntime);
    line("date (UTC)", f.dateUtc);
    out << "</table>\n";
}

std::optional<double> referenceMsOf(const GradeFacts& f, const std::string& label) {
    for (const auto& [column, ms] : f.referenceMs)
        if (column == label) return ms;
    return std::nullopt;
}

// The columns: each scene at the frame and size it was judged at, and the reference's time there.
void writeColumns(std::ostream& out, const GradeFacts& f) {
    out << "<table class=\"columns\">\n<thead><tr><th>column</th><th>scene</th><th>frame</th><th>size</th>"
           "<th>note</th><th>reference time</th></tr></thead>\n<tbody>\n";
    for (const GradedScene& column : f.scenes) {
        const std::string note =
            column.graded ? column.note : "not graded here" + (column.note.empty() ? "" : ": " + column.note);
        out << (column.graded ? "<tr>" : "<tr class=\"not-run\">") << "<td>" << htmlEscaped(column.label)
            << "</td><td>" << htmlEscaped(column.scene) << "</td><td>" << column.frame << "</td><td>"
            << sizeText(column) << "</td><td>" << htmlEscaped(note) << "</td><td>"
            << msText(referenceMsOf(f, column.label)) << "</td></tr>\n";
    }
    out << "</tbody>\n</table>\n";
}

void writeLegend(std::ostream& out) {
    out << "<p>Statuses: <span class=\"pass\">pass</span> correct; <span class=\"wrong\">wrong</span> wrong the "
           "same way every run (a bug); <span class=\"race\">race</span> differs between runs; "
           "<span class=\"fault\">fault, timeout, compile-error, contract-error</span> did not run to the end; "
           "<span class=\"not-run\">not-run</span> compiled, but racelab could not run it on this machine (its "
           "limit, not the submission's: scored out of 0). "
           "A passing cell shows its score and its time against the reference; \"timed 1×2 of 3×4\" under a cell: "
           "its time is of fewer runs × frames than the measure asks (its budget ran short).</p>\n"
           "<p>Diff: wrong pixels red on the dimmed reference. Heat: "
           "<span class=\"swatch\" style=\"background:#555\"></span> the same in every run and right, "
           "<span class=\"swatch\" style=\"background:#0080ff\"></span> the same in every run and wrong, "
           "<span class=\"swatch\" style=\"background:#ffff00\"></span> to "
           "<span class=\"swatch\" style=\"background:#ff0000\"></span> differed from the most common value in one "
           "run to in every run but one. Each thumbnail pixel shows the most marked pixel of its block.</p>\n";
}

void writeThumbnail(std::ostream& out, const std::vector<std::uint8_t>& png, const std::string& caption) {
    if (png.empty()) return;
    out << "<figure><img alt=\"" << htmlEscaped(caption) << "\" src=\"data:image/png;base64," << base64Encoded(png)
        << "\"><figcaption>" << htmlEscaped(caption) << "</figcaption></figure>\n";
}

}  // namespace

std::string gradeHtml(const GradeTable& table) {
    const GradeFacts& f = table.facts;
    const auto totals = submissionTotals(table);
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
           "style-src 'unsafe-inline'\">\n"
        << "<title>racelab grade</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<h1>racelab grade</h1>\n";
    writeFacts(out, f, totals.size());
    writeColumns(out, f);
    writeLegend(out);

    out << "<table class=\"grades\">\n<thead><tr><th>submission</th>";
    for (const std::string& label : f.labels()) out << "<th>" << htmlEscaped(label) << "</th>";
    out << "<th>total</th></tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < totals.size(); ++i) {
        out << "<tr><th><a href=\"#s" << i << "\">" << htmlEscaped(totals[i].submission) << "</a></th>";
        for (const std::string& scene : f.labels()) {
            const auto row = std::find_if(table.rows.begin(), table.rows.end(), [&](const GradeRow& r) {
                return r.submission == totals[i].submission && r.scene == scene;
            });
            if (row == table.rows.end()) {
                out << "<td>-</td>";
                continue;
            }
            const std::string status(statusName(row->status));
            out << "<td class=\"" << status << "\">"
                << (row->status == GradeStatus::Pass ? numberText(row->score) : status);
            if (const auto ratio = row->ratio(); ratio && row->status == GradeStatus::Pass)
                out << "<br><small>" << ratioText(*ratio) << "</small>";
            if (timedShort(*row, f.measure)) out << "<br><small>timed " << timedText(*row, f.measure) << "</small>";
            out << "</td>";
        }
        out << "<td>" << numberText(totals[i].score) << " / " << numberText(totals[i].maxScore) << "</td></tr>\n";
    }
    out << "</tbody>\n</table>\n";

    for (std::size_t i = 0; i < totals.size(); ++i) {
        const SubmissionTotal& total = totals[i];
        out << "<section id=\"s" << i << "\">\n<h2>" << htmlEscaped(total.submission) << "</h2>\n<p>"
            << numberText(total.score) << " of " << numberText(total.maxScore) << " points; " << total.scenesPassed
            << " of " << total.scenes << " scenes passed.</p>\n";
        for (const RowGroup& group : rowsToTell(table, total.submission)) {
            const GradeRow& row = *group.row;
            std::string scenes;
            for (const std::string& scene : group.scenes) scenes += (scenes.empty() ? "" : ", ") + scene;
            out << "<h3>" << htmlEscaped(scenes) << ": <span class=\"" << statusName(row.status) << "\">"
                << statusName(row.status) << "</span></h3>\n";
            if (const std::string facts = rowFacts(row, f.measure); !facts.empty()) out << "<p>" << htmlEscaped(facts) << "</p>\n";
            writeThumbnail(out, row.diffPng, "diff of " + row.scene);
            writeThumbnail(out, row.heatPng, "heat of " + row.scene);
            if (!row.message.empty()) out << "<pre>" << htmlEscaped(row.message) << "</pre>\n";
        }
        out << "</section>\n";
    }
    out << "</body>\n</html>\n";
    return out.str();
}

std::string writeGradeHtml(const GradeTable& table, const std::string& folder) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) throw UsageError("cannot create the folder '" + folder + "': " + ec.message());
    const std::string path = (std::filesystem::path(folder) / "index.html").string();
    const std::string page = gradeHtml(table);
    writeTextFileAtomically(path, [&](std::ostream& out) { out << page; });
    return path;
}

}  // namespace racelab::judge
