// racelab grade: a kernel file or a folder of submissions graded on every scene of a family (app/grading.hpp),
// or shard records merged (judge/grade_shards.hpp); the table on the terminal, and as JSON, CSV and a page.
#include <cstdio>

#include "app/commands.hpp"
#include "app/grading.hpp"
#include "app/progress_line.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/provenance.hpp"
#include "judge/grade_csv.hpp"
#include "judge/grade_html.hpp"
#include "judge/grade_json.hpp"
#include "judge/grade_terminal.hpp"

namespace racelab {
namespace {

judge::GradeTable gradeSubmissions(const GradeOptions& options) {
    const judge::Shard shard = judge::parseShard(options.shard);
    const auto all = judge::listSubmissions(options.path);
    const auto mine = judge::submissionsOfShard(all, shard);
    std::string why;
    if (!cudaUsable(&why)) throw UsageError("grade runs the submissions on the GPU: " + why);
    judge::GradeTable table;
    table.facts = judge::gradeFacts(currentProvenance(), judge::parseScoreRule(options.rule), gradedScenes(options), shard);
    table.facts.driver = displayDriverVersion();
    std::fprintf(stderr, "grading %zu of %zu submissions (shard %s) on %zu scenes of %s at %s\n", mine.size(), all.size(),
                 options.shard.c_str(), table.facts.scenes.size(), options.family.c_str(), options.size.c_str());
    Grader grader(options);
    ProgressLine progress("grade");
    const long total = static_cast<long>(mine.size() * table.facts.scenes.size());
    long done = 0;
    grader.onScene = [&](const std::string& submission, const std::string& scene) {
        progress.update(done++, total, submission + " on " + scene);
    };
    for (const judge::Submission& submission : mine) {
        auto rows = grader.grade(submission);
        table.rows.insert(table.rows.end(), rows.begin(), rows.end());
    }
    progress.update(total, total);
    progress.finish();
    judge::sortRows(table);
    return table;
}

}  // namespace

int runGrade(const GradeOptions& options) {
    checkGradeOptions(options);
    judge::GradeTable table;
    if (!options.merge.empty()) {
        std::vector<judge::GradeTable> shards;
        for (const std::string& path : options.merge) shards.push_back(judge::readGradeJson(path));
        table = judge::mergeGradeTables(shards, options.merge);
    } else {
        table = gradeSubmissions(options);
    }
    std::fputs(judge::formatGradeTable(table).c_str(), stdout);
    if (!options.json.empty()) judge::writeGradeJson(table, options.json), std::printf("JSON: %s\n", options.json.c_str());
    if (!options.csv.empty()) judge::writeGradeCsv(table, options.csv), std::printf("CSV: %s\n", options.csv.c_str());
    if (!options.html.empty()) std::printf("page: %s\n", judge::writeGradeHtml(table, options.html).c_str());
    return 0;
}

}  // namespace racelab
