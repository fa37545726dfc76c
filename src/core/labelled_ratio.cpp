#include "core/labelled_ratio.hpp"

#include <cmath>
#include <cstdio>

#include "core/grouped_digits.hpp"

namespace racelab {

const char* likenessText(Likeness likeness) {
    return likeness == Likeness::LikeForLike ? "like for like" : "algorithm + hardware";
}

std::string formatRatio(double ratio) {
    char text[64];
    if (!std::isfinite(ratio) || ratio <= 0) return "n/a";
    if (ratio < 1) std::snprintf(text, sizeof text, "%.2fx", ratio);
    else if (ratio < 10) std::snprintf(text, sizeof text, "%.1fx", ratio);
    else {
        return groupedDigits(std::llround(ratio)) + "x";
    }
    return text;
}

namespace {

std::string side(const RatioSide& s) {
    char ms[48];
    std::snprintf(ms, sizeof ms, " %.4g ms", s.ms);
    return s.what + (s.includes.empty() ? "" : " (" + s.includes + ")") + ms;
}

}  // namespace

std::string LabelledRatio::line() const {
    return side(fast) + " vs " + side(slow) + ": " + formatRatio(ratio()) + " \u2014 " + likenessText(likeness);
}

}  // namespace racelab
