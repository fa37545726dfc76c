// The floor a fresh renderer's first frame puts under a whole-file frame's counted time (judge/first_picture.hpp),
// on numbers of the kind a 2 ms frame shows: the reference's first frame in a fresh renderer takes 14 ms, 2 ms of
// it its warm frame.
#include <gtest/gtest.h>

#include "judge/first_picture.hpp"

using namespace racelab::judge;

namespace {
constexpr double kReferenceSpanMs = 14.0, kReferenceWarmMs = 2.0;
const double kOverheadMs = firstPictureOverheadMs(kReferenceSpanMs, kReferenceWarmMs);
}  // namespace

TEST(FirstPicture, TheReferencesOverheadIsItsSpanLessItsWarmFrame) {
    EXPECT_DOUBLE_EQ(kOverheadMs, 12.0);
    EXPECT_DOUBLE_EQ(firstPictureOverheadMs(1.0, 3.0), 0.0);  // never below nothing
    EXPECT_DOUBLE_EQ(firstPictureSlackMs(2.0, kOverheadMs), clockSlackMs(2.0) + 1.2);
}

TEST(FirstPicture, AnHonestSolutionKeepsWhatItsTimedFramesCounted) {
    // Its frame 2.1 ms warm; its first picture a little dearer than the reference's, as a setup with more
    // allocations is: the floor stays under what it counted.
    const double floor = firstPictureFloorMs(12.5 + 2.1 + 0.8, kOverheadMs);
    EXPECT_DOUBLE_EQ(floor, 3.4);
    EXPECT_DOUBLE_EQ(countedWithFirstPicture(2.1, floor, kOverheadMs), 2.1);
    // A faster one than the reference (0.5 ms a frame, its setup as the reference's) keeps its 0.5 ms.
    EXPECT_DOUBLE_EQ(countedWithFirstPicture(0.5, firstPictureFloorMs(12.0 + 0.5, kOverheadMs), kOverheadMs), 0.5);
    EXPECT_DOUBLE_EQ(countedWithFirstPicture(2.1, std::nullopt, kOverheadMs), 2.1);  // no floor: a launch list's
}

TEST(FirstPicture, AFrameKeptOrMadeInSetupCountsItsFloorAndTheDoubt) {
    // The honest twin draws 2.0 ms a frame. A cheat that keeps its first picture (or draws it in setup) shows
    // 0.02 ms a timed frame, but its first picture at a size it did not know cost it its setup and one real frame.
    const double honest = countedWithFirstPicture(2.0, firstPictureFloorMs(12.0 + 2.0, kOverheadMs), kOverheadMs);
    EXPECT_DOUBLE_EQ(honest, 2.0);
    const double slack = firstPictureSlackMs(0.02, kOverheadMs);
    const double cheat = countedWithFirstPicture(0.02, firstPictureFloorMs(12.0 + 2.0, kOverheadMs), kOverheadMs);
    EXPECT_DOUBLE_EQ(cheat, 2.0 + slack);
    // Even where its setup is cheaper than the reference's by as much as the doubt, a cheat whose frame is
    // seen at all (here a twin of 5 ms) counts no less than its twin.
    EXPECT_GE(countedWithFirstPicture(0.02, firstPictureFloorMs(12.0 - slack + 5.0, kOverheadMs), kOverheadMs), 5.0);
    // Hiding less than the doubt is not seen: a floor within the slack of the timed frames leaves them as counted.
    EXPECT_DOUBLE_EQ(countedWithFirstPicture(0.02, 0.02 + 0.99 * slack, kOverheadMs), 0.02);
    // One that draws 64 frames of an animation in setup pays for all of them in its first picture.
    EXPECT_DOUBLE_EQ(countedWithFirstPicture(0.02, firstPictureFloorMs(12.0 + 64 * 2.0, kOverheadMs), kOverheadMs),
                     128.0 + slack);
}
