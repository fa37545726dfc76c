// Grade table <-> JSON through nlohmann-json, with a validating reader (grade_json.hpp).
#include "judge/grade_json.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "core/read_file.hpp"
#include "core/atomic_file.hpp"
#include "core/errors.hpp"
#include "judge/base64.hpp"

namespace racelab::judge {
namespace {

using nlohmann::json;

json optionalNumber(const std::optional<double>& value) { return value ? json(*value) : json(nullptr); }
json optionalPng(const std::vector<std::uint8_t>& png) { return png.empty() ? json(nullptr) : json(base64Encoded(png)); }

// Field access that names where it is in the document when something is missing or of the wrong type.
class FieldReader {
public:
    explicit FieldReader(std::string origin) : origin_(std::move(origin)) {}

    UsageError error(const std::string& where, const std::string& problem) const {
        return UsageError(origin_ + ": " + where + ": " + problem);
    }
    const json& field(const json& object, const std::string& where, const char* key) const {
        if (!object.is_object()) throw error(where, "expected an object, got " + typeName(object));
        const auto it = object.find(key);
        if (it == object.end()) throw error(where, std::string("the field \"") + key + "\" is missing");
        return *it;
    }
    std::string text(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (!value.is_string()) throw error(where + "." + key, "expected a string, got " + typeName(value));
        return value.get<std::string>();
    }
    double number(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (!value.is_number()) throw error(where + "." + key, "expected a number, got " + typeName(value));
        return value.get<double>();
    }
    std::optional<double> optionalNumber(const json& object, const std::string& where, const char* key) const {
        if (field(object, where, key).is_null()) return std::nullopt;
        return number(object, where, key);
    }
    long count(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (!value.is_number_integer() || value.get<long long>() < 0)
            throw error(where + "." + key, "expected a whole number >= 0, got " + value.dump());
        return static_cast<long>(value.get<long long>());
    }
    std::vector<std::uint8_t> png(const json& object, const std::string& where, const char* key) const {
        const json& value = field(object, where, key);
        if (value.is_null()) return {};
        if (!value.is_string()) throw error(where + "." + key, "expected base64 PNG or null, got " + typeName(value));
        std::vector<std::uint8_t> bytes = base64Decoded(value.get<std::string>(), origin_ + ": " + where + "." + key);
        static constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        if (bytes.size() < 8 || !std::equal(kSignature, kSignature + 8, bytes.begin()))
            throw error(where + "." + key, "not a PNG (no PNG signature)");
        return bytes;
    }

private:
    static std::string typeName(const json& value) { return value.type_name(); }
    std::string origin_;
};

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
    f.rule = in.text(facts, where, "rule");
    ScoreRule rule;
    try {
        rule = parseScoreRule(f.rule);
    } catch (const UsageError& e) {
        throw in.error("facts.rule", e.what());
    }
    if (scoreRuleText(rule) != f.rule)
        throw in.error("facts.rule", "\"" + f.rule + "\" is not in the canonical form \"" + scoreRuleText(rule) + "\"");
    const json& scenes = in.field(facts, where, "scenes");
    if (!scenes.is_array()) throw in.error("facts.scenes", "expected an array of scene names");
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        if (!scenes[i].is_string()) throw in.error("facts.scenes[" + std::to_string(i) + "]", "expected a string");
        f.scenes.push_back(scenes[i].get<std::string>());
        if (std::find(f.scenes.begin(), f.scenes.end() - 1, f.scenes.back()) != f.scenes.end() - 1)
            throw in.error("facts.scenes[" + std::to_string(i) + "]", "\"" + f.scenes.back() + "\" is listed twice");
    }
    const std::string shard = in.text(facts, where, "shard");
    try {
        f.shard = parseShard(shard);
    } catch (const UsageError& e) {
        throw in.error("facts.shard", e.what());
    }
    return f;
}

GradeRow readRow(const FieldReader& in, const json& value, const std::string& where, const GradeFacts& facts) {
    GradeRow row;
    row.submission = in.text(value, where, "submission");
    row.scene = in.text(value, where, "scene");
    if (std::find(facts.scenes.begin(), facts.scenes.end(), row.scene) == facts.scenes.end())
        throw in.error(where + ".scene", "\"" + row.scene + "\" is not one of facts.scenes");
    const std::string status = in.text(value, where, "status");
    const auto parsed = parseStatus(status);
    if (!parsed)
        throw in.error(where + ".status", "\"" + status + "\" is not one of pass, wrong, race, fault, timeout, "
                                          "compile-error, contract-error, not-run");
    row.status = *parsed;
    row.wrongPixels = in.count(value, where, "wrong_pixels");
    row.differingBetweenRuns = in.count(value, where, "differing_between_runs");
    row.medianMs = in.optionalNumber(value, where, "median_ms");
    row.referenceMs = in.optionalNumber(value, where, "reference_ms");
    row.score = in.number(value, where, "score");
    row.maxScore = in.number(value, where, "max_score");
    row.message = in.text(value, where, "message");
    row.diffPng = in.png(value, where, "diff_png");
    row.heatPng = in.png(value, where, "heat_png");
    if (value.contains("step_median_ms")) {  // absent in files written before parts were timed apart
        const json& steps = value.at("step_median_ms");
        if (!steps.is_array()) throw in.error(where + ".step_median_ms", "not an array");
        for (const json& step : steps) {
            if (!step.is_object() || !step.contains("name") || !step.at("name").is_string() || !step.contains("median_ms") ||
                !step.at("median_ms").is_number())
                throw in.error(where + ".step_median_ms", "each part needs a name and a median_ms");
            row.stepMedianMs.emplace_back(step.at("name").get<std::string>(), step.at("median_ms").get<double>());
        }
    }
    return row;
}

}  // namespace

nlohmann::json gradeJson(const GradeTable& table) {
    const GradeFacts& f = table.facts;
    json rows = json::array();
    for (const GradeRow& row : table.rows) {
        json steps = json::array();
        for (const auto& [name, ms] : row.stepMedianMs) steps.push_back({{"name", name}, {"median_ms", ms}});
        rows.push_back({{"submission", row.submission},
                        {"scene", row.scene},
                        {"status", statusName(row.status)},
                        {"wrong_pixels", row.wrongPixels},
                        {"differing_between_runs", row.differingBetweenRuns},
                        {"median_ms", optionalNumber(row.medianMs)},
                        {"reference_ms", optionalNumber(row.referenceMs)},
                        {"ratio", optionalNumber(row.ratio())},
                        {"score", row.score},
                        {"max_score", row.maxScore},
                        {"message", row.message},
                        {"diff_png", optionalPng(row.diffPng)},
                        {"heat_png", optionalPng(row.heatPng)},
                        {"step_median_ms", steps}});
    }
    return {{"schema", kGradeSchema},
            {"facts",
             {{"racelab_commit", f.racelabCommit},
              {"racelab_dirty", f.racelabDirty},
              {"gpu", f.gpu},
              {"driver", f.driver},
              {"cuda_runtime", f.cudaRuntime},
              {"cuda_driver", f.cudaDriver},
              {"date_utc", f.dateUtc},
              {"rule", f.rule},
              {"scenes", f.scenes},
              {"shard", shardText(f.shard)}}},
            {"rows", std::move(rows)}};
}

GradeTable gradeTableFromJson(const nlohmann::json& document, const std::string& origin) {
    const FieldReader in(origin);
    const std::string schema = in.text(document, "document", "schema");
    if (schema != kGradeSchema)
        throw in.error("schema", "\"" + schema + "\" is not \"" + kGradeSchema + "\" (not a racelab grade table)");
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
