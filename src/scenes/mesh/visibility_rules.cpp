#include "scenes/mesh/visibility_rules.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/errors.hpp"

namespace racelab::mesh {

const std::vector<VisibilityRulePreset>& visibilityRulePresets() {
    static const std::vector<VisibilityRulePreset> presets = {
        {"geometric", {VisibilityRuleKind::Geometric, kSegmentEpsilon, true},
         "racelab's rule (default): float Moller-Trumbore, edges count, |det| >= 1e-9; blocked when 0 < t < 1 - E "
         "(E = 1e-4: the vertex's own triangles at t = 1 never block; with --ray 0 < t, E unused)"},
        {"writeup", {VisibilityRuleKind::Writeup, 1e-7, false},
         "the course write-up's (seed 003) test as printed: float, |det| < E misses, 0 <= u, v and u + v <= 1 hit, "
         "t > E blocks (E = 1e-7); a ray (no upper bound on t) unless --segment (then also 1 - t > E)"},
        {"margin", {VisibilityRuleKind::Margin, 1e-5, true},
         "double precision, absolute margin E = 1e-5: blocked only when |det|, u, v, 1-u-v, t and 1-t all exceed E "
         "(tiny triangles, edge hits and grazing hits never block)"},
    };
    return presets;
}

const VisibilityRulePreset& findVisibilityRule(const std::string& name) {
    std::string valid;
    for (const VisibilityRulePreset& p : visibilityRulePresets()) {
        if (name == p.name) return p;
        valid += (valid.empty() ? "" : ", ") + std::string(p.name);
    }
    throw UsageError("unknown visibility rule '" + name + "' (valid rules: " + valid + ")");
}

double parseVisibilityEpsilon(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0.0)
        throw UsageError("--epsilon '" + text + "' must be a finite number >= 0");
    return value;
}

VisibilityRule makeVisibilityRule(const std::string& name, const std::string& epsilon, bool segment, bool ray) {
    if (segment && ray) throw UsageError("--segment and --ray exclude each other: give at most one");
    VisibilityRule rule = findVisibilityRule(name).rule;
    if (!epsilon.empty()) rule.epsilon = parseVisibilityEpsilon(epsilon);
    if (segment) rule.segment = true;
    if (ray) rule.segment = false;
    return rule;
}

const char* visibilityRuleName(VisibilityRuleKind kind) {
    for (const VisibilityRulePreset& p : visibilityRulePresets())
        if (p.rule.kind == kind) return p.name;
    return "?";
}

std::string describeVisibilityRule(const VisibilityRule& rule) {
    char line[160];
    std::snprintf(line, sizeof line, "%s, epsilon %g, %s", visibilityRuleName(rule.kind), rule.epsilon,
                  rule.segment ? "segment (the triangle must lie between origin and vertex)" : "ray (no upper bound on t)");
    return line;
}

std::string visibilityRulesHelp() {
    std::string text = "Rules (--rule; --epsilon E overrides E, --segment / --ray the upper bound on t):";
    for (const VisibilityRulePreset& p : visibilityRulePresets()) text += "\n  " + std::string(p.name) + ": " + p.help;
    return text;
}

}  // namespace racelab::mesh
