// Every timed frame of a still column is judged (judge/timed_frame_judge.hpp): frames like the reference pass,
// and the first one that is not is named with its wrong pixels.
#include <gtest/gtest.h>

#include "judge/timed_frame_judge.hpp"

using namespace racelab;
using namespace racelab::judge;

namespace {

HostImage filled(int width, int height, std::uint8_t value) {
    HostImage image(width, height);
    for (std::uint8_t& v : image.pixels) v = value;
    return image;
}

}  // namespace

TEST(TimedFrameJudge, FramesLikeTheReferencePassAndTheFirstWrongOneIsNamed) {
    const HostImage reference = filled(8, 8, 128);
    const CheckRule rule{0.1f, 5, {}};
    TimedFrameJudge judge(reference, rule, nullptr);
    judge.judge(filled(8, 8, 140));  // within 0.1 (25.5 levels) everywhere
    judge.judge(filled(8, 8, 128));
    EXPECT_EQ(judge.failure(), "");
    HostImage wrong = filled(8, 8, 128);
    for (int i = 0; i < 6; ++i) wrong.pixels[4 * i] = 255;  // six pixels off by half the range: more than the 5 allowed
    judge.judge(wrong);
    judge.judge(filled(8, 8, 128));
    EXPECT_EQ(judge.framesJudged(), 4);
    EXPECT_EQ(judge.mostWrongPixels(), 6);
    EXPECT_NE(judge.failure().find("timed frame 3 of 4 was wrong (6 pixels beyond the rule; 1 timed frames wrong in all)"),
              std::string::npos) << judge.failure();
}

TEST(TimedFrameJudge, AnAnimationsFramesAreJudgedAgainstTheirOwnStepAndTheOthersCounted) {
    // A moving animation: each judged frame has a reference of its own; the frames not chosen are counted.
    const HostImage column = filled(8, 8, 0);  // the column's reference: no timed frame of a moving run is like it
    const CheckRule rule{0.1f, 5, {}};
    TimedFrameJudge judge(column, rule, nullptr);
    judge.skip();
    judge.judgeAgainst(filled(8, 8, 200), filled(8, 8, 200), nullptr);  // right at its own step
    judge.skip();
    EXPECT_EQ(judge.failure(), "");
    judge.judgeAgainst(filled(8, 8, 128), filled(8, 8, 10), nullptr);  // a frame kept from an earlier step
    EXPECT_EQ(judge.framesJudged(), 4);
    EXPECT_EQ(judge.mostWrongPixels(), 64);
    EXPECT_NE(judge.failure().find("timed frame 4 of 4 was wrong (64 pixels beyond the rule; 1 timed frames wrong of those "
                                   "judged), though the judged renders before the timing passed: one timed frame of each "
                                   "run of an animation, chosen at random, is judged at its step"),
              std::string::npos)
        << judge.failure();
}
