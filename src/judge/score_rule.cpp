// Score rule: parsing, canonical text and the per-scene score (score_rule.hpp; CS149 asst3's checker.py).
#include "judge/score_rule.hpp"

#include <charconv>
#include <cmath>
#include <vector>

#include "core/errors.hpp"
#include "judge/number_text.hpp"

namespace racelab::judge {
namespace {

constexpr const char* kValidForm =
    "the form is KEY=VALUE[,KEY=VALUE...] with keys correct=POINTS, perf=POINTS, full=RATIO, zero=RATIO, "
    "partial=ceil|floor|exact (e.g. \"full=1.5,partial=exact\"), or \"cs149\" for the default";

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

UsageError ruleError(std::string_view rule, const std::string& problem) {
    return UsageError("score rule \"" + std::string(rule) + "\": " + problem + "; " + kValidForm);
}

double parseNumber(std::string_view rule, std::string_view key, std::string_view value) {
    double number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size() || !std::isfinite(number))
        throw ruleError(rule, "'" + std::string(key) + "=" + std::string(value) + "': '" + std::string(value) +
                                  "' is not a number");
    return number;
}

}  // namespace

ScoreRule parseScoreRule(std::string_view text) {
    ScoreRule rule;
    const std::string_view whole = trimmed(text);
    if (whole.empty() || whole == "cs149") return rule;
    std::vector<std::string_view> seen;
    std::size_t start = 0;
    while (start <= whole.size()) {
        const std::size_t comma = std::min(whole.find(',', start), whole.size());
        const std::string_view piece = trimmed(whole.substr(start, comma - start));
        start = comma + 1;
        if (piece.empty()) throw ruleError(whole, "an empty part between commas");
        const std::size_t equals = piece.find('=');
        if (equals == std::string_view::npos) throw ruleError(whole, "'" + std::string(piece) + "' has no '='");
        const std::string_view key = trimmed(piece.substr(0, equals)), value = trimmed(piece.substr(equals + 1));
        for (const std::string_view earlier : seen)
            if (earlier == key) throw ruleError(whole, "'" + std::string(key) + "' is given twice");
        seen.push_back(key);
        if (key == "correct") rule.correctPoints = parseNumber(whole, key, value);
        else if (key == "perf") rule.performancePoints = parseNumber(whole, key, value);
        else if (key == "full") rule.fullWithin = parseNumber(whole, key, value);
        else if (key == "zero") rule.zeroBeyond = parseNumber(whole, key, value);
        else if (key == "partial") {
            if (value == "ceil") rule.partial = PartialRounding::Ceil;
            else if (value == "floor") rule.partial = PartialRounding::Floor;
            else if (value == "exact") rule.partial = PartialRounding::Exact;
            else throw ruleError(whole, "'partial=" + std::string(value) + "': partial is ceil, floor or exact");
        } else {
            throw ruleError(whole, "unknown key '" + std::string(key) + "' in '" + std::string(piece) + "'");
        }
    }
    if (rule.correctPoints < 0) throw ruleError(whole, "correct must be >= 0");
    if (rule.performancePoints < 0) throw ruleError(whole, "perf must be >= 0");
    if (rule.fullWithin <= 0) throw ruleError(whole, "full must be > 0");
    if (rule.zeroBeyond < rule.fullWithin)
        throw ruleError(whole, "zero (" + numberText(rule.zeroBeyond) + ") must be >= full (" +
                                   numberText(rule.fullWithin) + ")");
    return rule;
}

std::string scoreRuleText(const ScoreRule& rule) {
    const char* partial = rule.partial == PartialRounding::Ceil ? "ceil" : rule.partial == PartialRounding::Floor ? "floor" : "exact";
    return "correct=" + numberText(rule.correctPoints) + ",perf=" + numberText(rule.performancePoints) +
           ",full=" + numberText(rule.fullWithin) + ",zero=" + numberText(rule.zeroBeyond) + ",partial=" + partial;
}

double sceneMaxScore(const ScoreRule& rule) { return rule.correctPoints + rule.performancePoints; }

double sceneScore(const ScoreRule& rule, bool correct, double timeMs, double referenceMs) {
    if (!correct) return 0;
    if (!(timeMs > 0) || !(referenceMs > 0) || !std::isfinite(timeMs) || !std::isfinite(referenceMs))
        throw Error("a correct scene needs positive finite times to be scored (time " + numberText(timeMs) +
                    " ms, reference " + numberText(referenceMs) + " ms)");
    // The same comparisons and operation order as the course's checker, in doubles like Python's floats.
    if (timeMs <= rule.fullWithin * referenceMs) return rule.correctPoints + rule.performancePoints;
    if (timeMs > rule.zeroBeyond * referenceMs) return rule.correctPoints;
    const double partial = rule.performancePoints * (referenceMs / timeMs);
    switch (rule.partial) {
        case PartialRounding::Ceil: return rule.correctPoints + std::ceil(partial);
        case PartialRounding::Floor: return rule.correctPoints + std::floor(partial);
        case PartialRounding::Exact: return rule.correctPoints + partial;
    }
    return rule.correctPoints;
}

}  // namespace racelab::judge
