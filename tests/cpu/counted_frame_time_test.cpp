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

// racelab's path, measured on an honest reference's frames of a column (numbers of the kind seen on an H200: a
// 0.05 ms rgb frame whose round trip, less racelab's share timed apart, was 0.45 to 0.55 ms): the median of
// racelab's clock beyond the course's measure; an honest submission there then counts its own measure, and a
// cheat that moved 3 ms into getImage still counts it.
TEST(CountedFrameTime, TheReferencesFramesCalibrateRacelabsPath) {
    const std::vector<double> course{0.05, 0.05, 0.06, 0.04, 0.05}, clock{0.50, 0.55, 0.51, 0.45, 0.48};
    EXPECT_NEAR(racelabPathMs(course, clock), 0.45, 1e-12);  // beyond: 0.45 0.50 0.45 0.41 0.43 -> median 0.45
    EXPECT_DOUBLE_EQ(racelabPathMs(course, {}), 0.0);          // no clock
    EXPECT_DOUBLE_EQ(racelabPathMs({1.0}, {0.9}), 0.0);        // a clock that saw less calibrates nothing

    const double path = racelabPathMs(course, clock);
    EXPECT_DOUBLE_EQ(countedFrameMs(0.07, calibratedClockMs(0.60, path)), 0.07);  // uncalibrated it counted 0.60 - 0.2675
    EXPECT_GT(countedFrameMs(0.07, 0.60), 0.07);
    EXPECT_NEAR(countedFrameMs(0.02, calibratedClockMs(3.50, path)), 3.50 - 0.45 - clockSlackMs(0.02), 1e-12);
    EXPECT_EQ(calibratedClockMs(std::nullopt, path), std::nullopt);
    EXPECT_DOUBLE_EQ(*calibratedClockMs(0.2, path), 0.0);
}
