// The racing pixels the viewer paints over the picture, from a hand-made report's racing words: words map to the
// pixels that hold them (16-byte float4 pixels, 1-byte pixels), a run past the frame's end stops at its edge,
// outputs that are no image are named instead, and the runs survive the report's JSON round trip; the frame
// asks the worker for them only when told to (the viewer's find the race), with the traced pixel beside.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "userkernel/racecheck/racing_pixels.hpp"
#include "userkernel/worker/worker_messages.hpp"

using namespace racelab::userkernel;

namespace {

FindingContext frame(int width, int height, std::vector<std::pair<std::string, std::size_t>> outputs) {
    FindingContext c;
    c.width = width, c.height = height;
    c.outputs = std::move(outputs);
    return c;
}

}  // namespace

TEST(RacingPixels, WordsOfAFloat4ImageMarkTheirPixels) {
    AccessReport r;
    // 4x2 float4 pixels (4 words each): words 4..7 are pixel 1; words 18..21 straddle pixels 4 and 5.
    r.racingWords.push_back({0, {{4, 4}, {18, 4}}, false});
    const RacingPixels p = racingPixels(r, frame(4, 2, {{"imageData", 4 * 2 * 16}}));
    ASSERT_EQ(p.width, 4);
    ASSERT_EQ(p.height, 2);
    EXPECT_EQ(p.mask, (std::vector<std::uint8_t>{0, 1, 0, 0, 1, 1, 0, 0}));
    EXPECT_EQ(p.count, 3);
    EXPECT_TRUE(p.elsewhere.empty());
}

TEST(RacingPixels, ByteImagesPutFourPixelsInAWordAndRunsStopAtTheFrame) {
    AccessReport r;
    r.racingWords.push_back({0, {{1, 1}, {3, 5}}, true});  // word 1: pixels 4..7; words 3..7 reach past 16 pixels
    const RacingPixels p = racingPixels(r, frame(8, 2, {{"mask", 16}}));
    EXPECT_EQ(p.mask, (std::vector<std::uint8_t>{0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1}));
    EXPECT_EQ(p.count, 8);
    EXPECT_TRUE(p.truncated);
}

TEST(RacingPixels, OutputsThatAreNoImageAreNamedInstead) {
    AccessReport r;
    r.racingWords.push_back({1, {{0, 3}}, false});
    r.racingWords.push_back({0, {{0, 1}}, false});
    // 256 bins of 4 bytes do not divide into a 100x100 frame's pixels; the second output is no image either.
    const RacingPixels p = racingPixels(r, frame(100, 100, {{"bins", 1024}, {"scratch", 64}}));
    EXPECT_EQ(p.width, 0);
    EXPECT_TRUE(p.mask.empty());
    EXPECT_EQ(p.elsewhere, "scratch, bins");
}

TEST(RacingPixels, RunsSurviveTheReportsJson) {
    AccessReport r;
    r.racingWords.push_back({2, {{7, 9}, {100, 1}}, true});
    const AccessReport back = accessReportFrom(accessReportJson(r));
    ASSERT_EQ(back.racingWords.size(), 1u);
    EXPECT_EQ(back.racingWords[0].output, 2);
    EXPECT_EQ(back.racingWords[0].runs, r.racingWords[0].runs);
    EXPECT_TRUE(back.racingWords[0].truncated);
}

TEST(RacingPixels, OnlyAFrameThatAsksGetsThemFromTheWorker) {
    racelab::KernelFrame frame;
    frame.outputs = {{"imageData", 64}};
    EXPECT_FALSE(frameFrom(frameRequest(frame, 1)).racingWords);  // plain frames, check and bench: none read back
    frame.racingWords = true;
    frame.traced = {0, 16, 16};
    const racelab::KernelFrame back = frameFrom(frameRequest(frame, 2));
    EXPECT_TRUE(back.racingWords);
    EXPECT_EQ(back.traced.offset, 16u);
    EXPECT_EQ(back.traced.bytes, 16u);
}
