// The points a scene earns from (correct?, time, reference time), by a rule a teacher can set.
//
// The default is the rule of Stanford CS149's assignment 3 (render/checker.py, score_calculate): per scene,
// 2 points for correctness and 7 for performance; a wrong scene earns 0; a correct one whose time T is at most
// 1.2 times the reference's time R earns all 9; one slower than 10 R earns the 2 for correctness only; between
// them it earns 2 + ceil(7 * R / T). The course compares the fastest of 3 runs of each side; so does racelab's
// grade by default (judge::TimingMeasure), in the same run (the rule itself takes whichever times it is given).
//
// The text form, for `--rule`: comma-separated KEY=VALUE pairs, each overriding the default; "" or "cs149" is
// the default itself. Keys:
//   correct=P   points for a correct scene (>= 0)                                      default 2
//   perf=P      performance points (>= 0)                                              default 7
//   full=X      T <= X * R earns all performance points (> 0)                          default 1.2
//   zero=X      T > X * R earns none (>= full)                                         default 10
//   partial=M   between them, perf * R / T rounded: ceil, floor or exact (unrounded)   default ceil
// e.g. --rule "full=1.5,partial=exact". The canonical text (scoreRuleText) names every key, so two records
// graded by the same rule say so in the same words.
#pragma once
#include <string>
#include <string_view>

namespace racelab::judge {

enum class PartialRounding { Ceil, Floor, Exact };

struct ScoreRule {
    double correctPoints = 2;
    double performancePoints = 7;
    double fullWithin = 1.2;
    double zeroBeyond = 10;
    PartialRounding partial = PartialRounding::Ceil;
    bool operator==(const ScoreRule&) const = default;
};

// Throws UsageError naming the bad part and the valid form.
ScoreRule parseScoreRule(std::string_view text);
// "correct=2,perf=7,full=1.2,zero=10,partial=ceil" for the default; numbers in their shortest exact form.
std::string scoreRuleText(const ScoreRule& rule);

double sceneMaxScore(const ScoreRule& rule);
// Wrong: 0. Correct: the rule above; the times must then be positive and finite (else an Error: a correct
// scene is always timed).
double sceneScore(const ScoreRule& rule, bool correct, double timeMs, double referenceMs);

}  // namespace racelab::judge
