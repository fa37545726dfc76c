// Grade table <-> JSON through nlohmann-json, with a validating reader (grade_json.hpp).
#include "judge/grade_json.hpp"

#include <algorithm>
#include <iterator>
#include <set>

#include "core/read_file.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "judge/base64.hpp"
#include "judge/json_field_reader.hpp"
#include "judge/number_text.hpp"

namespace racelab::judge {
namespace {

using nlohmann::json;
using FieldReader = JsonFieldReader;

// The schema of tables written before columns had a frame and a size and times a named measure.
constexpr const char* kOlderSchema = "racelab-grade/1";
constexpr const char* kSceneSets[] = {"course", "all", "chosen"};

json optionalNumber(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }
json optionalPng(const std::vector<std::uint8_t>& png) { return png.empty() ? json(nullptr) : json(base64Encoded(png)); }

json columnsJson(const std::vector<GradedScene>& columns) {
    json out = json::array();
    for (const GradedScene& c : columns)
        out.push_back({{"label", c.label}, {"scene", c.scene}, {"frame", c.frame}, {"width", c.width},
                       {"height", c.height}, {"note", c.note}, {"graded", c.graded}});
    return out;
}

json labelledMs(const std::vector<std::pair<std::string, double>>& byLabel) {
    json out = json::object();
    for (const auto& [label, ms] : byLabel) out[label] = ms;
    return out;
}

json factsJson(const GradeFacts& f) {
    return {{"racelab_commit", f.racelabCommit},
            {"racelab_dirty", f.racelabDirty},
            {"gpu", f.gpu},
            {"driver", f.driver},
            {"cuda_runtime", f.cudaRuntime},
            {"cuda_driver", f.cudaDriver},
            {"date_utc", f.dateUtc},
            {"rule", scoreRuleText(f.rule)},
            {"reference", f.reference},
            {"measure", {{"runs", f.measure.runs}, {"frames", f.measure.frames}, {"warmup", f.measure.warmup}}},
            {"budget_seconds", f.budgetSeconds},
            {"scene_set", f.sceneSet},
            {"scenes", columnsJson(f.scenes)},
            {"reference_ms", labelledMs(f.referenceMs)},
            {"first_picture_overhead_ms", labelledMs(f.firstPictureOverheadMs)},
            {"shard", shardText(f.shard)}};
}

json rowJson(const GradeRow& row) {
    json steps = json::array();
    for (const auto& [name, ms] : row.stepMedianMs) steps.push_back({{"name", name}, {"median_ms", ms}});
    return {{"submission", row.submission},
            {"scene", row.scene},
            {"status", statusName(row.status)},
            {"wrong_pixels", row.wrongPixels},
            {"differing_between_runs", row.differingBetweenRuns},
            {"time_ms", optionalNumber(row.timeMs)},
            {"reference_ms", optionalNumber(row.referenceMs)},
            {"ratio", optionalNumber(row.ratio())},
            {"runs_timed", row.runsTimed},
            {"frames_timed", row.framesTimed},
            {"score", row.score},
            {"max_score", row.maxScore},
            {"message", row.message},
            {"diff_png", optionalPng(row.diffPng)},
            {"heat_png", optionalPng(row.heatPng)},
            {"step_median_ms", steps},
            {"first_picture_floor_ms", optionalNumber(row.firstPictureFloorMs)}};
}

ScoreRule readRule(const FieldReader& in, const json& facts) {
    const std::string text = in.text(facts, "facts", "rule");
    ScoreRule rule;
    try {
        rule = parseScoreRule(text);
    } catch (const UsageError& e) {
        throw in.error("facts.rule", e.what());
    }
    if (scoreRuleText(rule) != text)
        throw in.error("facts.rule", "\"" + text + "\" is not in the canonical form \"" + scoreRuleText(rule) + "\"");
    return rule;
}

TimingMeasure readMeasure(const FieldReader& in, const json& facts) {
    const json& value = in.field(facts, "facts", "measure");
    TimingMeasure measure;
    measure.runs = in.smallCount(value, "facts.measure", "runs", 1);
    measure.frames = in.smallCount(value, "facts.measure", "frames", 1);
    measure.warmup = in.smallCount(value, "facts.measure", "warmup", 0);
    return measure;
}

GradedScene readColumn(const FieldReader& in, const json& value, const std::string& where) {
    GradedScene column;
    column.label = in.text(value, where, "label");
    column.scene = in.text(value, where, "scene");
    column.frame = in.count(value, where, "frame");
    // 0 is allowed: a column racelab could not prepare need not know its size.
    column.width = in.smallCount(value, where, "width");
    column.height = in.smallCount(value, where, "height");
    column.note = in.text(value, where, "note");
    column.graded = in.flag(value, where, "graded");
    if (const std::string label = gradedSceneLabel(column.scene, column.frame); column.label != label)
        throw in.error(where + ".label", "\"" + column.label + "\" is not \"" + label + "\", the label of the scene \"" +
                                             column.scene + "\" at frame " + std::to_string(column.frame));
    return column;
}

std::vector<GradedScene> readColumns(const FieldReader& in, const json& facts) {
    const json& columns = in.field(facts, "facts", "scenes");
    if (!columns.is_array())
        throw in.error("facts.scenes", "expected an array of columns {label, scene, frame, width, height, note, graded}");
    std::vector<GradedScene> out;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const std::string where = "facts.scenes[" + std::to_string(i) + "]";
        out.push_back(readColumn(in, columns[i], where));
        if (std::any_of(out.begin(), out.end() - 1, [&](const GradedScene& c) { return c.label == out.back().label; }))
            throw in.error(where + ".label", "\"" + out.back().label + "\" is listed twice");
    }
    return out;
}

// reference_ms and first_picture_overhead_ms are objects keyed by label (their keys come back sorted): read
// back in the columns' order. An older table has no first_picture_overhead_ms: `optional` reads it as empty.
std::vector<std::pair<std::string, double>> readLabelledMs(const FieldReader& in, const json& facts, const GradeFacts& f,
                                                           const char* key, bool optional = false) {
    const std::string where = std::string("facts.") + key;
    if (optional && !facts.contains(key)) return {};
    const json& times = in.field(facts, "facts", key);
    if (!times.is_object()) throw in.error(where, "expected an object of column label: milliseconds");
    for (const auto& item : times.items())
        if (!f.column(item.key())) throw in.error(where, "\"" + item.key() + "\" is not one of facts.scenes' labels");
    std::vector<std::pair<std::string, double>> out;
    for (const GradedScene& column : f.scenes)
        if (times.contains(column.label)) out.emplace_back(column.label, in.number(times, where, column.label.c_str()));
    return out;
}

GradeFacts readFacts(const FieldReader& in, const json& document) {
    const json& facts = in.field(document, "document", "facts");
    const std::string where = "facts";
    GradeFacts f;
    f.racelabCommit = in.text(facts, where, "racelab_commit");
    f.racelabDirty = in.text(facts, where, "racelab_dirty");
    f.gpu = in.text(facts, where, "gpu");
    f.driver = in.text(facts, where, "driver");
    f.cudaRuntime = in.text(facts, where, "cuda_runtime");
    f.cudaDriver = in.text(facts, where, "cuda_driver");
    f.dateUtc = in.text(facts, where, "date_utc");
    f.rule = readRule(in, facts);
    f.reference = in.text(facts, where, "reference");
    if (f.reference.empty()) throw in.error("facts.reference", "empty (expected \"good\" or \"NAME (sha256 HEX)\")");
    f.measure = readMeasure(in, facts);
    f.budgetSeconds = in.number(facts, where, "budget_seconds");
    if (!(f.budgetSeconds >= 0))
        throw in.error("facts.budget_seconds", "expected a number >= 0 (0: no budget), got " + numberText(f.budgetSeconds));
    f.sceneSet = in.text(facts, where, "scene_set");
    if (std::find(std::begin(kSceneSets), std::end(kSceneSets), f.sceneSet) == std::end(kSceneSets))
        throw in.error("facts.scene_set", "\"" + f.sceneSet + "\" is not one of course, all, chosen");
    f.scenes = readColumns(in, facts);
    f.referenceMs = readLabelledMs(in, facts, f, "reference_ms");
    f.firstPictureOverheadMs = readLabelledMs(in, facts, f, "first_picture_overhead_ms", true);
    const std::string shard = in.text(facts, where, "shard");
    try {
        f.shard = parseShard(shard);
    } catch (const UsageError& e) {
        throw in.error("facts.shard", e.what());
    }
    return f;
}

std::vector<std::pair<std::string, double>> readSteps(const FieldReader& in, const json& value, const std::string& where) {
    std::vector<std::pair<std::string, double>> out;
    if (!value.contains("step_median_ms")) return out;  // absent in files written before parts were timed apart
    const json& steps = value.at("step_median_ms");
    if (!steps.is_array()) throw in.error(where + ".step_median_ms", "not an array");
    for (const json& step : steps) {
        if (!step.is_object() || !step.contains("name") || !step.at("name").is_string() || !step.contains("median_ms") ||
            !step.at("median_ms").is_number())
            throw in.error(where + ".step_median_ms", "each part needs a name and a median_ms");
        out.emplace_back(step.at("name").get<std::string>(), step.at("median_ms").get<double>());
    }
    return out;
}

GradeRow readRow(const FieldReader& in, const json& value, const std::string& where, const GradeFacts& facts) {
    GradeRow row;
    row.submission = in.text(value, where, "submission");
    row.scene = in.text(value, where, "scene");
    if (!facts.column(row.scene)) throw in.error(where + ".scene", "\"" + row.scene + "\" is not one of facts.scenes");
    const std::string status = in.text(value, where, "status");
    const auto parsed = parseStatus(status);
    if (!parsed)
        throw in.error(where + ".status", "\"" + status + "\" is not one of pass, wrong, race, fault, timeout, "
                                          "compile-error, contract-error, not-run");
    row.status = *parsed;
    row.wrongPixels = in.count(value, where, "wrong_pixels");
    row.differingBetweenRuns = in.count(value, where, "differing_between_runs");
    row.timeMs = in.optionalNumber(value, where, "time_ms");
    row.referenceMs = in.optionalNumber(value, where, "reference_ms");
    // Never more than the measure asks: fewer only when the budget ran short.
    row.runsTimed = in.smallCount(value, where, "runs_timed", 0, facts.measure.runs);
    row.framesTimed = in.smallCount(value, where, "frames_timed", 0, facts.measure.frames);
    row.score = in.number(value, where, "score");
    row.maxScore = in.number(value, where, "max_score");
    row.message = in.text(value, where, "message");
    row.diffPng = in.png(value, where, "diff_png");
    row.heatPng = in.png(value, where, "heat_png");
    row.stepMedianMs = readSteps(in, value, where);
    // Absent in an older table: no first picture was recorded.
    if (value.contains("first_picture_floor_ms")) row.firstPictureFloorMs = in.optionalNumber(value, where, "first_picture_floor_ms");
    return row;
}

void checkSchema(const FieldReader& in, const json& document) {
    const std::string schema = in.text(document, "document", "schema");
    if (schema == kOlderSchema)
        throw in.error("schema", "\"" + schema + "\" was written by an older racelab (its columns have no frame or size "
                                 "and its times no measure); grade again with this racelab, which writes \"" +
                                     kGradeSchema + "\"");
    if (schema != kGradeSchema)
        throw in.error("schema", "\"" + schema + "\" is not \"" + kGradeSchema + "\" (not a racelab grade table)");
}

}  // namespace

nlohmann::json gradeJson(const GradeTable& table) {
    json rows = json::array();
    for (const GradeRow& row : table.rows) rows.push_back(rowJson(row));
    return {{"schema", kGradeSchema}, {"facts", factsJson(table.facts)}, {"rows", std::move(rows)}};
}

GradeTable gradeTableFromJson(const nlohmann::json& document, const std::string& origin) {
    const FieldReader in(origin);
    checkSchema(in, document);
    GradeTable table;
    table.facts = readFacts(in, document);
    const json& rows = in.field(document, "document", "rows");
    if (!rows.is_array()) throw in.error("rows", "expected an array");
    std::set<std::pair<std::string, std::string>> seen;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string where = "rows[" + std::to_string(i) + "]";
        table.rows.push_back(readRow(in, rows[i], where, table.facts));
        const GradeRow& row = table.rows.back();
        if (!seen.insert({row.submission, row.scene}).second)
            throw in.error(where, "a second row for submission \"" + row.submission + "\" and scene \"" + row.scene + "\"");
    }
    return table;
}

void writeGradeJson(const GradeTable& table, const std::string& path) {
    // Submission text may not be valid UTF-8 (a kernel's printf output): invalid bytes become U+FFFD.
    const std::string text = gradeJson(table).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    writeTextFileAtomically(path, [&](std::ostream& out) { out << text; });
}

GradeTable readGradeJson(const std::string& path) {
    const std::optional<std::string> text = readWholeFile(path);
    if (!text) throw UsageError("cannot read '" + path + "'");
    json document;
    try {
        document = json::parse(*text);
    } catch (const json::parse_error& e) {
        throw UsageError(path + ": not JSON (" + e.what() + ")");
    }
    return gradeTableFromJson(document, path);
}

}  // namespace racelab::judge
