// Nondeterminism report: per-pixel disagreement with the most common value, counts, verdict and heat image.
#include "judge/repeat_report.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/errors.hpp"
#include "core/image_compare.hpp"
#include "judge/text_escape.hpp"
#include "judge/thumbnail.hpp"

namespace racelab::judge {
namespace {

std::uint32_t packedRgb(const std::uint8_t* p) { return std::uint32_t(p[0]) << 16 | std::uint32_t(p[1]) << 8 | p[2]; }

// N minus the number of runs holding the most common value; `scratch` is reused between pixels.
int disagreeingRuns(std::vector<std::uint32_t>& scratch) {
    std::sort(scratch.begin(), scratch.end());
    std::size_t longest = 0;
    for (std::size_t i = 0; i < scratch.size();) {
        std::size_t j = i;
        while (j < scratch.size() && scratch[j] == scratch[i]) ++j;
        longest = std::max(longest, j - i);
        i = j;
    }
    return static_cast<int>(scratch.size() - longest);
}

bool isWrongIdenticallyColour(const std::uint8_t* p) {
    return p[0] == kWrongIdenticallyColour[0] && p[1] == kWrongIdenticallyColour[1] && p[2] == kWrongIdenticallyColour[2];
}

std::string explain(const RepeatReport& r) {
    std::ostringstream line;
    switch (r.verdict) {
        case RepeatVerdict::Nondeterministic:
            line << "a race: " << r.pixelsDifferingBetweenRuns << " pixels differ between runs (up to "
                 << r.maxDifferingRuns << " of " << r.runs << " runs disagree with the most common value); "
                 << r.runsFailingRule << " of " << r.runs << " runs fail the check";
            break;
        case RepeatVerdict::WrongDeterministic:
            line << "a bug: " << r.pixelsWrongIdentically << " pixels are wrong the same way in every one of the "
                 << r.runs << " runs (at most " << r.rule.maxDifferingPixels << " allowed)";
            break;
        case RepeatVerdict::Correct:
            line << "correct: all " << r.runs << " runs are identical and pass the check";
            if (r.pixelsWrongIdentically > 0)
                line << " (" << r.pixelsWrongIdentically << " pixels off, at most " << r.rule.maxDifferingPixels
                     << " allowed)";
            break;
    }
    return line.str();
}

}  // namespace

std::string_view verdictName(RepeatVerdict verdict) {
    switch (verdict) {
        case RepeatVerdict::Correct: return "correct";
        case RepeatVerdict::WrongDeterministic: return "wrong-deterministic";
        case RepeatVerdict::Nondeterministic: return "nondeterministic";
    }
    return "unknown";
}

void heatColour(int count, int runs, std::uint8_t rgb[3]) {
    RACELAB_REQUIRE(runs >= 2 && count >= 1 && count <= runs - 1, "heat count out of range");
    const double green = runs == 2 ? 0.0 : 255.0 * (runs - 1 - count) / (runs - 2);
    rgb[0] = 255;
    rgb[1] = static_cast<std::uint8_t>(std::lround(green));
    rgb[2] = 0;
}

std::string heatLegend(int runs) {
    return "heat: grey = the same in every run and right; blue = the same in every run and wrong; yellow to red = "
           "differed from the most common value in 1 to " + std::to_string(runs - 1) + " of " + std::to_string(runs) +
           " runs";
}

RepeatReport repeatReport(const std::vector<HostImage>& runs, const HostImage& expected, const CheckRule& rule,
                          const std::vector<std::uint8_t>* ignore) {
    if (runs.size() < 2) throw UsageError("a repeat report needs at least 2 runs, got " + std::to_string(runs.size()));
    for (std::size_t i = 0; i < runs.size(); ++i)
        if (runs[i].width != expected.width || runs[i].height != expected.height)
            throw UsageError("run " + std::to_string(i) + " is " + std::to_string(runs[i].width) + "x" +
                             std::to_string(runs[i].height) + " but the reference is " + std::to_string(expected.width) +
                             "x" + std::to_string(expected.height));
    const std::size_t pixels = static_cast<std::size_t>(expected.width) * expected.height;
    if (ignore && ignore->size() != pixels) throw Error("the ignore mask does not have one byte per pixel");

    RepeatReport r;
    r.width = expected.width;
    r.height = expected.height;
    r.runs = static_cast<int>(runs.size());
    r.rule = rule;
    r.differingRuns.assign(pixels, 0);
    r.heat = HostImage(expected.width, expected.height);
    std::vector<long> wrongPerRun(runs.size(), 0);
    std::vector<std::uint32_t> scratch(runs.size());
    for (int y = 0; y < expected.height; ++y)
        for (int x = 0; x < expected.width; ++x) {
            const std::size_t index = static_cast<std::size_t>(y) * expected.width + x;
            const bool ignored = ignore && (*ignore)[index];
            bool allSame = true, wrongSomewhere = false;
            for (std::size_t run = 0; run < runs.size(); ++run) {
                const std::uint8_t* p = runs[run].at(x, y);
                scratch[run] = packedRgb(p);
                allSame = allSame && scratch[run] == scratch[0];
                const bool wrong = !ignored && exceedsTolerance(rgbDifference(p, expected.at(x, y)), rule.channelTolerance);
                wrongPerRun[run] += wrong;
                wrongSomewhere = wrongSomewhere || wrong;
            }
            r.pixelsWrongInSomeRun += wrongSomewhere;
            std::uint8_t* h = r.heat.at(x, y);
            h[3] = 255;
            if (allSame) {
                if (wrongSomewhere) {
                    ++r.pixelsWrongIdentically;
                    std::copy_n(kWrongIdenticallyColour, 3, h);
                } else {
                    const std::uint8_t* e = expected.at(x, y);
                    h[0] = h[1] = h[2] = static_cast<std::uint8_t>((e[0] + e[1] + e[2]) / 9);
                }
                continue;
            }
            const int count = disagreeingRuns(scratch);
            r.differingRuns[index] = count;
            ++r.pixelsDifferingBetweenRuns;
            r.maxDifferingRuns = std::max(r.maxDifferingRuns, count);
            heatColour(count, r.runs, h);
        }
    for (const long wrong : wrongPerRun) r.runsFailingRule += wrong > rule.maxDifferingPixels;
    r.verdict = r.pixelsDifferingBetweenRuns > 0 ? RepeatVerdict::Nondeterministic
                : r.runsFailingRule > 0          ? RepeatVerdict::WrongDeterministic
                                                 : RepeatVerdict::Correct;
    r.explanation = explain(r);
    return r;
}

std::string formatRepeatReport(const RepeatReport& r, std::string_view sceneName) {
    std::ostringstream out;
    out << terminalSafe(sceneName) << ", " << r.runs << " runs of one input: " << verdictName(r.verdict) << "\n"
        << "  " << r.explanation << "\n"
        << "  pixels differing between runs: " << r.pixelsDifferingBetweenRuns
        << "; wrong the same way in every run: " << r.pixelsWrongIdentically
        << "; wrong in at least one run: " << r.pixelsWrongInSomeRun << "\n"
        << "  " << heatLegend(r.runs) << "\n";
    return out.str();
}

HostImage heatThumbnail(const RepeatReport& r, int maxSide) {
    return shrinkKeepingProminent(r.heat, maxSide, [&](int x, int y) {
        const int count = r.differingRuns[static_cast<std::size_t>(y) * r.width + x];
        if (count > 0) return 1 + count;
        return isWrongIdenticallyColour(r.heat.at(x, y)) ? 1 : 0;
    });
}

}  // namespace racelab::judge
