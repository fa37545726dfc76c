// The time a whole-file frame counts (judge/counted_frame_time.hpp): the course's measure where racelab's clock
// agrees with it within the slack, racelab's less the slack where it saw more.
#include <gtest/gtest.h>

#include "judge/counted_frame_time.hpp"

using namespace racelab::judge;

TEST(CountedFrameTime, AnHonestFrameCountsTheCoursesMeasureExactly) {
    // 2.0 ms by the course's measure; racelab's clock within 0.25 + 0.5 ms of it, either way.
    EXPECT_DOUBLE_EQ(countedFrameMs(2.0, 2.6), 2.0);
    EXPECT_DOUBLE_EQ(countedFrameMs(2.0, 1.7), 2.0);
    EXPECT_DOUBLE_EQ(countedFrameMs(2.0, std::nullopt), 2.0);  // no second clock: a launch list's
}

TEST(CountedFrameTime, WorkOutsideTheCoursesCallsCountsAllButTheSlack) {
    // A solution that renders in getImage: 0.1 ms in its calls, 5.1 ms by racelab's clock.
    EXPECT_DOUBLE_EQ(clockSlackMs(0.1), 0.275);
    EXPECT_DOUBLE_EQ(countedFrameMs(0.1, 5.1), 5.1 - 0.275);
    // Its honest twin, 5.0 ms in its calls and 5.1 ms in all: it counts 5.0, and the cheat gains at most the slack.
    EXPECT_DOUBLE_EQ(countedFrameMs(5.0, 5.1), 5.0);
    EXPECT_LT(countedFrameMs(5.0, 5.1) - countedFrameMs(0.1, 5.1), clockSlackMs(0.1));
}
