// Nondeterminism across N renders of one input (N >= 2): tells "wrong the same way every time" (a bug) apart
// from "different every time" (a race).
//
// Between runs, two values of a pixel are the same only when R, G and B are equal bit for bit (alpha is
// ignored, as the check rule ignores it): one input on one GPU gives the same bytes from a race-free kernel,
// and a difference below the rule's tolerance still shows that the result depends on timing. Against the
// reference the rule's tolerance applies, as in a single check.
//
// Each pixel's count is the number of runs whose value differs from the most common value of that pixel
// among the runs, not from run 0's: when run 0 is the odd one out, counting against it would mark every other
// run instead of the one that strayed, and the count would depend on the order of the runs. It ranges from
// 0 (all runs agree) to N - 1 (no two runs agree).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/host_image.hpp"
#include "judge/check_rule.hpp"

namespace racelab::judge {

enum class RepeatVerdict {
    Correct,             // every run the same, and the rule passes
    WrongDeterministic,  // a bug: every run the same, and wrong beyond the rule
    Nondeterministic,    // a race: runs differ (whether or not they are also wrong)
};

// "correct", "wrong-deterministic", "nondeterministic".
std::string_view verdictName(RepeatVerdict verdict);

struct RepeatReport {
    int width = 0, height = 0, runs = 0;
    // Per pixel, row 0 at the bottom like HostImage: in how many runs it differs from the most common value.
    std::vector<int> differingRuns;
    long pixelsDifferingBetweenRuns = 0;  // pixels with a count above 0
    long pixelsWrongIdentically = 0;      // the same in every run, and wrong against the reference
    long pixelsWrongInSomeRun = 0;        // wrong against the reference in at least one run
    int maxDifferingRuns = 0;             // the largest count, 0..N-1
    int runsFailingRule = 0;              // runs with more wrong pixels than the rule allows
    CheckRule rule{0.f, 0, {}};
    RepeatVerdict verdict = RepeatVerdict::Correct;
    std::string explanation;  // one line, e.g. "a race: 12 pixels differ between runs (...)"
    HostImage heat;           // the colour ramp below, row 0 at the bottom
};

// All runs and `expected` of one size (a UsageError says which run is not); at least 2 runs. `ignore`
// (optional, one byte per pixel): reference pixels that may legitimately differ, never counted as wrong.
RepeatReport repeatReport(const std::vector<HostImage>& runs, const HostImage& expected, const CheckRule& rule,
                          const std::vector<std::uint8_t>* ignore = nullptr);

// The heat image's colours. A pixel the same in every run shows `expected` as a grey dimmed to a third (its
// mean RGB / 3, never above 85) when right, and kWrongIdenticallyColour when wrong. A pixel that differed in
// c of N runs (1 <= c <= N - 1) goes from yellow (255, 255, 0) at c = 1 to red (255, 0, 0) at c = N - 1:
// green = round(255 * (N - 1 - c) / (N - 2)); with N = 2 the only count, 1, is red.
inline constexpr std::uint8_t kWrongIdenticallyColour[3] = {0, 128, 255};
void heatColour(int count, int runs, std::uint8_t rgb[3]);
// The ramp in words, for a terminal or a page: "heat: grey = same in every run, ...".
std::string heatLegend(int runs);

// The report for a terminal: the verdict line, the counts, the heat legend. Ends with a newline.
std::string formatRepeatReport(const RepeatReport& report, std::string_view sceneName);

// The heat image shrunk to at most `maxSide` a side, each block showing its highest count (then a pixel wrong
// in every run, then the grey).
HostImage heatThumbnail(const RepeatReport& report, int maxSide);

}  // namespace racelab::judge
