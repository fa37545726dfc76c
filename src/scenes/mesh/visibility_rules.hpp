// The named point-visibility rules of `racelab visibility --rule`: their presets, the --epsilon / --segment /
// --ray overrides, and one-line descriptions for --help and the printed summary. The math of each rule is in
// mesh_formulas.hpp (shared by the GPU kernels and the CPU references).
#pragma once
#include <string>
#include <vector>

#include "scenes/mesh/mesh_formulas.hpp"

namespace racelab::mesh {

struct VisibilityRulePreset {
    const char* name;
    VisibilityRule rule;  // the preset's epsilon and segment/ray
    const char* help;     // one line
};

const std::vector<VisibilityRulePreset>& visibilityRulePresets();
// The preset called `name`; an unknown name is a UsageError that lists the valid ones.
const VisibilityRulePreset& findVisibilityRule(const std::string& name);
// --epsilon: a finite number >= 0, else a UsageError.
double parseVisibilityEpsilon(const std::string& text);
// The preset with the overrides applied: epsilon ("" keeps the preset's), --segment, --ray (not both).
VisibilityRule makeVisibilityRule(const std::string& name, const std::string& epsilon, bool segment, bool ray);
const char* visibilityRuleName(VisibilityRuleKind kind);
// e.g. "writeup, epsilon 1e-07, ray (no upper bound on t)"
std::string describeVisibilityRule(const VisibilityRule& rule);
// One line per rule, for `racelab visibility --help`.
std::string visibilityRulesHelp();

}  // namespace racelab::mesh
