// Grade table -> CSV (grade_csv.hpp).
#include "judge/grade_csv.hpp"

#include "core/atomic_file.hpp"
#include "judge/grade_text.hpp"
#include "judge/number_text.hpp"
#include "judge/text_escape.hpp"

namespace racelab::judge {
namespace {

std::string optionalNumber(const std::optional<double>& value) { return value ? numberText(*value) : std::string(); }

// "clearImage=0.012;advanceAnimation=0.001;render=1.2": the parts of time_ms, in order.
std::string stepsText(const GradeRow& row) {
    std::string text;
    for (const auto& [name, ms] : row.stepMedianMs) text += (text.empty() ? "" : ";") + name + "=" + numberText(ms);
    return text;
}

void appendLine(std::string& out, const std::vector<std::string>& fields) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) out += ',';
        out += csvField(fields[i]);
    }
    out += "\r\n";
}

std::vector<std::string> fieldsOf(const GradeFacts& f, const GradeRow& row) {
    const GradedScene* column = f.column(row.scene);  // none only in a table built by hand: frame and size empty
    return {row.submission, row.scene, column ? std::to_string(column->frame) : "", column ? sizeText(*column) : "",
            std::string(statusName(row.status)), numberText(row.score), numberText(row.maxScore),
            optionalNumber(row.timeMs), optionalNumber(row.referenceMs), optionalNumber(row.ratio()),
            std::to_string(row.runsTimed), std::to_string(row.framesTimed), std::to_string(row.wrongPixels),
            std::to_string(row.differingBetweenRuns), row.message, f.racelabCommit, f.racelabDirty, f.gpu, f.driver,
            f.cudaRuntime, f.cudaDriver, f.dateUtc, scoreRuleText(f.rule), f.reference, measureText(f.measure),
            f.budgetSeconds > 0 ? numberText(f.budgetSeconds) : "", f.sceneSet, shardText(f.shard), stepsText(row)};
}

}  // namespace

std::string gradeCsv(const GradeTable& table) {
    std::string out;
    appendLine(out, {"submission", "scene", "frame", "size", "status", "score", "max_score", "time_ms", "reference_ms",
                     "ratio", "runs_timed", "frames_timed", "wrong_pixels", "differing_between_runs", "message",
                     "racelab_commit", "racelab_dirty", "gpu", "driver", "cuda_runtime", "cuda_driver", "date_utc",
                     "rule", "reference", "measure", "budget_seconds", "scene_set", "shard", "step_median_ms"});
    for (const GradeRow& row : table.rows) appendLine(out, fieldsOf(table.facts, row));
    return out;
}

void writeGradeCsv(const GradeTable& table, const std::string& path) {
    const std::string text = gradeCsv(table);
    writeTextFileAtomically(path, [&](std::ostream& out) { out << text; });
}

}  // namespace racelab::judge
