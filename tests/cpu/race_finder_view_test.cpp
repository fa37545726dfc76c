// Where the viewer's racing-pixel overlay lies and which frame pixel a click picks: the whole scene in every view
// but side by side, where the racy frame is the right half at half size; clicks map to PNG coordinates of the
// frame the findings ran (scaled when the window changed size since) and off the picture to nothing.
#include <gtest/gtest.h>

#include "ui/race_finder_view.hpp"

using namespace racelab;

namespace {

RaceFinderView found(int width, int height) {
    RaceFinderView v;
    v.stage = RaceFinderView::Stage::Done;
    v.width = width, v.height = height;
    return v;
}

}  // namespace

TEST(RaceFinderView, AClickPicksThePixelUnderItInPngCoordinates) {
    const SceneRect scene{430, 0, 400, 300, RaceView::Heat};
    const RaceFinderView v = found(400, 300);
    EXPECT_EQ(framePixelAt(v, scene, 430.f, 0.f), (std::pair{0, 0}));  // the top-left corner is PNG (0, 0)
    EXPECT_EQ(framePixelAt(v, scene, 430.f + 123.5f, 77.2f), (std::pair{123, 77}));
    EXPECT_EQ(framePixelAt(v, scene, 829.9f, 299.9f), (std::pair{399, 299}));
    EXPECT_FALSE(framePixelAt(v, scene, 429.f, 10.f).has_value());  // on the panel
    EXPECT_FALSE(framePixelAt(v, scene, 500.f, 300.f).has_value());
}

TEST(RaceFinderView, AWindowResizedSinceScalesTheClickToTheFramesPixels) {
    const SceneRect scene{100, 0, 800, 600, RaceView::Plain};  // twice the 400x300 frame the findings ran
    EXPECT_EQ(framePixelAt(found(400, 300), scene, 100.f + 401.f, 201.f), (std::pair{200, 100}));
}

TEST(RaceFinderView, SideBySideShowsTheRacyFrameInTheRightHalfAtHalfSize) {
    const SceneRect scene{0, 0, 800, 600, RaceView::Side};
    const SceneRect racy = racyPicture(scene);
    EXPECT_FLOAT_EQ(racy.left, 400.f);
    EXPECT_FLOAT_EQ(racy.top, 150.f);
    EXPECT_FLOAT_EQ(racy.width, 400.f);
    EXPECT_FLOAT_EQ(racy.height, 300.f);
    const RaceFinderView v = found(800, 600);
    EXPECT_EQ(framePixelAt(v, scene, 400.f, 150.f), (std::pair{0, 0}));
    EXPECT_EQ(framePixelAt(v, scene, 600.f, 300.f), (std::pair{400, 300}));
    EXPECT_FALSE(framePixelAt(v, scene, 300.f, 300.f).has_value());  // the good frame, left
}

TEST(RaceFinderView, NoFindingsPickNoPixel) {
    RaceFinderView none;
    EXPECT_FALSE(framePixelAt(none, {0, 0, 100, 100, RaceView::Plain}, 50.f, 50.f).has_value());
}
