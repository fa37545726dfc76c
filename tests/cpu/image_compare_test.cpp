// CS149's checker rule: per RGB channel |diff| <= 0.1 on [0,1] is equal, alpha is ignored.
#include <gtest/gtest.h>

#include "core/image_compare.hpp"

using namespace racelab;

TEST(ImageCompare, ToleranceBoundaryIsOneTenth) {
    HostImage a(3, 1), b(3, 1);
    a.at(0, 0)[0] = 100, b.at(0, 0)[0] = 125;  // 25/255 = 0.098 -> equal
    a.at(1, 0)[1] = 100, b.at(1, 0)[1] = 126;  // 26/255 = 0.102 -> differs
    a.at(2, 0)[3] = 0, b.at(2, 0)[3] = 255;    // alpha only -> equal
    HostImage diff;
    ImageComparison r = compareImages(a, b, 0.1f, &diff);
    EXPECT_EQ(r.differingPixels, 1);
    EXPECT_EQ(r.maxChannelDifference, 26);
    EXPECT_EQ(r.totalPixels, 3);
    EXPECT_EQ(diff.at(1, 0)[0], 255);  // the differing pixel is red in the diff image
    EXPECT_EQ(diff.at(1, 0)[1], 0);
}

TEST(ImageCompare, ZeroToleranceCountsEveryChange) {
    HostImage a(2, 2), b(2, 2);
    b.at(1, 1)[2] = 1;
    EXPECT_EQ(compareImages(a, b, 0.f).differingPixels, 1);
    EXPECT_EQ(compareImages(a, a, 0.f).differingPixels, 0);
}
