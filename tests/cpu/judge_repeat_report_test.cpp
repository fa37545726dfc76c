// The nondeterminism report on hand-made runs of a 4x3 frame: each verdict, the per-pixel counts against the
// most common value, the pixels wrong identically, and the heat ramp.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "judge/repeat_report.hpp"

using namespace racelab;
using namespace racelab::judge;

namespace {

using Rgba = std::array<std::uint8_t, 4>;
constexpr Rgba kRight{100, 100, 100, 255};
constexpr Rgba kX{200, 0, 0, 255}, kY{0, 200, 0, 255}, kZ{0, 0, 200, 255}, kW{200, 200, 0, 255};

HostImage filled(Rgba rgba) {
    HostImage image(4, 3);
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 4; ++x) std::copy(rgba.begin(), rgba.end(), image.at(x, y));
    return image;
}

// Sets pixel (x, row) of run i to values[i].
void setAcrossRuns(std::vector<HostImage>& runs, int x, int row, const std::vector<Rgba>& values) {
    for (std::size_t i = 0; i < runs.size(); ++i) std::copy(values[i].begin(), values[i].end(), runs[i].at(x, row));
}

int countAt(const RepeatReport& r, int x, int row) { return r.differingRuns[static_cast<std::size_t>(row) * 4 + x]; }

std::array<int, 3> heatAt(const RepeatReport& r, int x, int row) {
    const std::uint8_t* p = r.heat.at(x, row);
    return {p[0], p[1], p[2]};
}

const CheckRule kStrict{0.1f, 0, "no differing pixel"};

}  // namespace

TEST(JudgeRepeatReport, IdenticalRightRunsAreCorrect) {
    const HostImage expected = filled(kRight);
    const RepeatReport r = repeatReport({expected, expected, expected}, expected, kStrict);
    EXPECT_EQ(r.verdict, RepeatVerdict::Correct);
    EXPECT_EQ(r.pixelsDifferingBetweenRuns, 0);
    EXPECT_EQ(r.pixelsWrongIdentically, 0);
    EXPECT_EQ(r.runsFailingRule, 0);
    EXPECT_EQ(r.explanation, "correct: all 3 runs are identical and pass the check");
    EXPECT_EQ(heatAt(r, 0, 0), (std::array<int, 3>{33, 33, 33}));  // mean 100, dimmed to a third
}

TEST(JudgeRepeatReport, TheSameWrongPixelsEveryRunAreABug) {
    const HostImage expected = filled(kRight);
    std::vector<HostImage> runs(3, expected);
    setAcrossRuns(runs, 1, 1, {kX, kX, kX});
    setAcrossRuns(runs, 3, 2, {kY, kY, kY});
    const RepeatReport r = repeatReport(runs, expected, kStrict);
    EXPECT_EQ(r.verdict, RepeatVerdict::WrongDeterministic);
    EXPECT_EQ(r.pixelsDifferingBetweenRuns, 0);
    EXPECT_EQ(r.pixelsWrongIdentically, 2);
    EXPECT_EQ(r.pixelsWrongInSomeRun, 2);
    EXPECT_EQ(r.runsFailingRule, 3);
    EXPECT_EQ(r.explanation, "a bug: 2 pixels are wrong the same way in every one of the 3 runs (at most 0 allowed)");
    EXPECT_EQ(heatAt(r, 1, 1), (std::array<int, 3>{0, 128, 255}));  // blue: wrong identically
    // Within the allowed count, the same runs pass.
    EXPECT_EQ(repeatReport(runs, expected, CheckRule{0.1f, 2, "two allowed"}).verdict, RepeatVerdict::Correct);
}

TEST(JudgeRepeatReport, RunsThatDifferAreARaceCountedAgainstTheMostCommonValue) {
    const HostImage expected = filled(kRight);
    std::vector<HostImage> runs(4, expected);
    setAcrossRuns(runs, 0, 0, {kRight, kRight, kX, kRight});  // one run strays: 1
    setAcrossRuns(runs, 1, 0, {kY, kZ, kY, kW});              // Y twice, Z and W once: 2
    setAcrossRuns(runs, 2, 0, {kX, kRight, kRight, kRight});  // run 0 is the odd one: 1, not 3
    setAcrossRuns(runs, 3, 0, {kX, kY, kZ, kW});              // no two agree: 3 = N - 1
    setAcrossRuns(runs, 0, 2, {kRight, {101, 100, 100, 255}, kRight, kRight});  // off by 1/255: still differs
    setAcrossRuns(runs, 1, 2, {kRight, {100, 100, 100, 0}, kRight, kRight});    // alpha only: the same
    const RepeatReport r = repeatReport(runs, expected, kStrict);
    EXPECT_EQ(r.verdict, RepeatVerdict::Nondeterministic);
    EXPECT_EQ(countAt(r, 0, 0), 1);
    EXPECT_EQ(countAt(r, 1, 0), 2);
    EXPECT_EQ(countAt(r, 2, 0), 1);
    EXPECT_EQ(countAt(r, 3, 0), 3);
    EXPECT_EQ(countAt(r, 0, 2), 1);
    EXPECT_EQ(countAt(r, 1, 2), 0);
    EXPECT_EQ(r.pixelsDifferingBetweenRuns, 5);
    EXPECT_EQ(r.maxDifferingRuns, 3);
    EXPECT_EQ(r.pixelsWrongIdentically, 0);
    EXPECT_EQ(r.pixelsWrongInSomeRun, 4);  // the 1/255 difference is within the tolerance
    EXPECT_EQ(r.runsFailingRule, 4);       // every run has at least one wrong pixel
    EXPECT_EQ(r.explanation, "a race: 5 pixels differ between runs (up to 3 of 4 runs disagree with the most common "
                             "value); 4 of 4 runs fail the check");
    // N = 4: yellow at 1, green 255 * 1 / 2 = 127.5 -> 128 at 2, red at 3.
    EXPECT_EQ(heatAt(r, 0, 0), (std::array<int, 3>{255, 255, 0}));
    EXPECT_EQ(heatAt(r, 1, 0), (std::array<int, 3>{255, 128, 0}));
    EXPECT_EQ(heatAt(r, 3, 0), (std::array<int, 3>{255, 0, 0}));
}

TEST(JudgeRepeatReport, ARaceIsARaceEvenWhenEveryRunPasses) {
    const HostImage expected = filled(kRight);
    std::vector<HostImage> runs(2, expected);
    setAcrossRuns(runs, 2, 1, {kRight, {100, 103, 100, 255}});
    const RepeatReport r = repeatReport(runs, expected, kStrict);
    EXPECT_EQ(r.verdict, RepeatVerdict::Nondeterministic);
    EXPECT_EQ(r.runsFailingRule, 0);
    EXPECT_EQ(heatAt(r, 2, 1), (std::array<int, 3>{255, 0, 0}));  // N = 2: the only count is red
}

TEST(JudgeRepeatReport, HeatThumbnailShowsTheHighestCountOfEachBlock) {
    const HostImage expected = filled(kRight);
    std::vector<HostImage> runs(4, expected);
    setAcrossRuns(runs, 0, 0, {kX, kX, kX, kX});              // wrong identically (blue)
    setAcrossRuns(runs, 1, 1, {kRight, kRight, kX, kRight});  // count 1 (yellow), same block as above
    const RepeatReport r = repeatReport(runs, expected, kStrict);
    const HostImage thumb = heatThumbnail(r, 2);
    ASSERT_EQ(thumb.width, 2);
    EXPECT_EQ(thumb.at(0, 0)[0], 255);
    EXPECT_EQ(thumb.at(0, 0)[1], 255);  // yellow beats blue
    EXPECT_EQ(thumb.at(1, 0)[0], 33);   // nothing marked: grey
}

TEST(JudgeRepeatReport, RefusesTooFewRunsAndOtherSizes) {
    const HostImage expected = filled(kRight);
    EXPECT_THROW(repeatReport({expected}, expected, kStrict), UsageError);
    try {
        repeatReport({expected, HostImage(3, 4)}, expected, kStrict);
        FAIL() << "no error";
    } catch (const UsageError& e) {
        EXPECT_STREQ(e.what(), "run 1 is 3x4 but the reference is 4x3");
    }
}

TEST(JudgeRepeatReport, TextAndLegend) {
    EXPECT_EQ(heatLegend(5), "heat: grey = the same in every run and right; blue = the same in every run and wrong; "
                             "yellow to red = differed from the most common value in 1 to 4 of 5 runs");
    const HostImage expected = filled(kRight);
    const std::string text = formatRepeatReport(repeatReport({expected, expected}, expected, kStrict), "demo");
    EXPECT_EQ(text.rfind("demo, 2 runs of one input: correct\n", 0), 0u) << text;
}
