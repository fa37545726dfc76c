// racelab grade: a kernel file or a folder of submissions graded on every scene of a family (app/grading.hpp),
// or shard records merged (judge/grade_shards.hpp); the table on the terminal, and as JSON, CSV and a page.
#include <cstdio>

#include "app/commands.hpp"
#include "app/grading.hpp"
#include "core/errors.hpp"
#include "judge/grade_csv.hpp"
#include "judge/grade_html.hpp"
#include "judge/grade_json.hpp"
#include "judge/grade_terminal.hpp"

namespace racelab {
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
