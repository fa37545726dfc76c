// racelab grade's two entry points around the Grader (grading.hpp): the options checked before any work, and the
// run itself -- the submissions of the shard listed, the run's facts, each graded with progress, or compiled
// only where no GPU is here.
#include "app/grading.hpp"

#include "app/grade_rows.hpp"
#include "app/progress_line.hpp"
#include "core/display_driver.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/provenance.hpp"

namespace racelab {

void checkGradeOptions(const GradeOptions& options) {
    if (options.path.empty() == options.merge.empty())
        throw UsageError(options.path.empty() ? "grade needs a kernel file or a folder of submissions (or --merge A.json B.json ...)"
                                              : "grade takes a path to grade or --merge, not both");
    judge::parseShard(options.shard);
    if (!options.merge.empty()) {
        judge::parseScoreRule(options.rule);  // the shards say which rule they were graded by; a bad one is still refused
        if (options.shard != "0/1") throw UsageError("--merge joins whole shards: --shard does not apply");
        return;
    }
    parseSize(options.size);
    planGrade(options);
    if (options.repeat < 1) throw UsageError("--repeat must be at least 1");
    if (options.runs < 1 || options.frames < 1) throw UsageError("--runs and --frames must be at least 1");
    if (!(options.budget >= 0)) throw UsageError("--budget must be 0 (none) or a number of seconds");
}

judge::GradeTable gradeSubmissions(const GradeOptions& options) {
    const judge::Shard shard = judge::parseShard(options.shard);
    const auto all = judge::listSubmissions(options.path);
    const auto mine = judge::submissionsOfShard(all, shard);
    GradePlan plan = planGrade(options);
    std::string why;
    const bool gpu = cudaUsable(&why);
    judge::GradeTable table;
    std::vector<judge::GradedScene> planned;
    for (const PlannedScene& p : plan.scenes) planned.push_back(p.column);
    table.facts = judge::gradeFacts(currentProvenance(), plan.rule, planned, shard);
    table.facts.driver = displayDriverVersion();
    table.facts.measure = {options.runs, static_cast<int>(options.frames), static_cast<int>(options.warmup)};
    table.facts.budgetSeconds = options.budget;
    table.facts.sceneSet = plan.sceneSet;
    std::fprintf(stderr, "grading %zu of %zu submissions (shard %s) on %zu scenes of %s (%s set)\n", mine.size(), all.size(),
                 options.shard.c_str(), planned.size(), options.family.c_str(), plan.sceneSet.c_str());
    if (!plan.referenceNote.empty()) std::fprintf(stderr, "grade: %s\n", plan.referenceNote.c_str());
    if (!gpu) {
        std::fprintf(stderr, "grade: %s; each submission is compiled, none is run\n", why.c_str());
        const Size2 size = parseSize(options.size);
        for (judge::GradedScene& column : table.facts.scenes) column.width = size.width, column.height = size.height;
        table.facts.reference = plan.referenceName;
        for (const judge::Submission& submission : mine) {
            auto rows = compileOnlyRows(submission, options, plan.rule, table.facts.scenes, why);
            table.rows.insert(table.rows.end(), rows.begin(), rows.end());
        }
        judge::sortRows(table);
        return table;
    }
    Grader grader(options, std::move(plan));
    ProgressLine progress("grade");
    const long total = static_cast<long>((mine.size() + 1) * planned.size());
    long done = 0;
    grader.onScene = [&](const std::string& submission, const std::string& label) {
        progress.update(done++, total, (submission.empty() ? "the reference" : submission) + " on " + label);
    };
    grader.prepare();
    table.facts.scenes = grader.columns();
    table.facts.referenceMs = grader.referenceTimes();
    table.facts.firstPictureOverheadMs = grader.firstPictureOverheads();
    table.facts.reference = grader.referenceName();
    for (const judge::Submission& submission : mine) {
        auto rows = grader.grade(submission);
        table.rows.insert(table.rows.end(), rows.begin(), rows.end());
    }
    progress.update(total, total);
    progress.finish();
    judge::sortRows(table);
    return table;
}

}  // namespace racelab
