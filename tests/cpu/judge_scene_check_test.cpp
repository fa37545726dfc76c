// The scene check report on a hand-made 4x3 frame with three wrong pixels: counts, the first wrong pixels in
// reading order with PNG coordinates (x right, y down from the top), the diff image and its thumbnail.
#include <gtest/gtest.h>

#include <stb_image.h>

#include "core/errors.hpp"
#include "core/image_io.hpp"
#include "judge/scene_check.hpp"

using namespace racelab;
using namespace racelab::judge;

namespace {

constexpr std::array<std::uint8_t, 4> kBackground{10, 20, 30, 255};

HostImage filled(int w, int h, std::array<std::uint8_t, 4> rgba) {
    HostImage image(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) std::copy(rgba.begin(), rgba.end(), image.at(x, y));
    return image;
}

void setPixel(HostImage& image, int x, int row, std::array<std::uint8_t, 4> rgba) {
    std::copy(rgba.begin(), rgba.end(), image.at(x, row));
}

// Rows are HostImage rows (0 at the bottom of a 3-row image): row 2 is the top row of the PNG.
struct Frames {
    HostImage expected = filled(4, 3, kBackground);
    HostImage got = filled(4, 3, kBackground);
    Frames() {
        setPixel(got, 1, 2, {200, 20, 30, 255});  // PNG (1, 0): red off by 190
        setPixel(got, 0, 1, {10, 20, 90, 255});   // PNG (0, 1): blue off by 60
        setPixel(got, 3, 0, {0, 0, 0, 0});        // PNG (3, 2): every channel off, largest 30
        setPixel(got, 2, 2, {35, 20, 30, 255});   // off by 25 = 0.098 <= 0.1: not wrong
        setPixel(got, 2, 0, {10, 20, 30, 0});     // alpha only: not wrong
    }
};

const CheckRule kStrict{0.1f, 0, "CS149: per channel |diff| <= 0.1, no differing pixel"};

}  // namespace

TEST(JudgeSceneCheck, CountsAndFirstWrongPixelsInReadingOrder) {
    Frames f;
    const SceneCheckReport r = checkScene(f.expected, f.got, kStrict);
    EXPECT_FALSE(r.pass);
    EXPECT_EQ(r.wrongPixels, 3);
    EXPECT_EQ(r.totalPixels, 12);
    EXPECT_EQ(r.maxRgbDifference, 190);
    ASSERT_EQ(r.firstWrong.size(), 3u);
    EXPECT_EQ(r.firstWrong[0], (WrongPixel{1, 0, kBackground, {200, 20, 30, 255}, 190}));
    EXPECT_EQ(r.firstWrong[1], (WrongPixel{0, 1, kBackground, {10, 20, 90, 255}, 60}));
    EXPECT_EQ(r.firstWrong[2], (WrongPixel{3, 2, kBackground, {0, 0, 0, 0}, 30}));
}

TEST(JudgeSceneCheck, ListsOnlyAsManyAsAsked) {
    Frames f;
    const SceneCheckReport r = checkScene(f.expected, f.got, kStrict, 2);
    EXPECT_EQ(r.wrongPixels, 3);  // all counted
    ASSERT_EQ(r.firstWrong.size(), 2u);
    EXPECT_EQ(r.firstWrong[1].x, 0);
    EXPECT_EQ(r.firstWrong[1].y, 1);
}

TEST(JudgeSceneCheck, PassesWithinTheAllowedCount) {
    Frames f;
    EXPECT_TRUE(checkScene(f.expected, f.got, CheckRule{0.1f, 3, "up to 3"}).pass);
    EXPECT_FALSE(checkScene(f.expected, f.got, CheckRule{0.1f, 2, "up to 2"}).pass);
    const SceneCheckReport same = checkScene(f.expected, f.expected, kStrict);
    EXPECT_TRUE(same.pass);
    EXPECT_EQ(same.wrongPixels, 0);
    EXPECT_TRUE(same.firstWrong.empty());
}

TEST(JudgeSceneCheck, IgnoredPixelsAreCountedApartAndNotListed) {
    Frames f;
    std::vector<std::uint8_t> ignore(12, 0);
    ignore[1 * 4 + 0] = 1;  // row 1, x 0: PNG (0, 1)
    const SceneCheckReport r = checkScene(f.expected, f.got, kStrict, 5, &ignore);
    EXPECT_EQ(r.wrongPixels, 2);
    EXPECT_EQ(r.ignoredWrongPixels, 1);
    ASSERT_EQ(r.firstWrong.size(), 2u);
    EXPECT_EQ(r.firstWrong[1].y, 2);
}

TEST(JudgeSceneCheck, DiffPngShowsWrongPixelsWhereTheUserReadsThem) {
    Frames f;
    const SceneCheckReport r = checkScene(f.expected, f.got, kStrict);
    // Decode the PNG without racelab's flip: stb gives the rows top-down, as a viewer shows them.
    const std::vector<std::uint8_t> png = encodePng(r.diff);
    int w = 0, h = 0, channels = 0;
    unsigned char* rows = stbi_load_from_memory(png.data(), static_cast<int>(png.size()), &w, &h, &channels, 4);
    ASSERT_NE(rows, nullptr);
    ASSERT_EQ(w, 4);
    ASSERT_EQ(h, 3);
    const auto pixel = [&](int x, int y) { return std::array<int, 3>{rows[(y * w + x) * 4], rows[(y * w + x) * 4 + 1], rows[(y * w + x) * 4 + 2]}; };
    for (const WrongPixel& p : r.firstWrong) EXPECT_EQ(pixel(p.x, p.y), (std::array<int, 3>{255, 0, 0})) << p.x << "," << p.y;
    EXPECT_EQ(pixel(2, 0), (std::array<int, 3>{3, 6, 10}));  // right: the reference dimmed to a third
    EXPECT_EQ(pixel(0, 0), (std::array<int, 3>{3, 6, 10}));
    stbi_image_free(rows);
}

TEST(JudgeSceneCheck, ThumbnailKeepsEveryBlockWithAWrongPixelRed) {
    Frames f;
    const HostImage thumb = diffThumbnail(checkScene(f.expected, f.got, kStrict), 2);  // factor 2: 2x2
    ASSERT_EQ(thumb.width, 2);
    ASSERT_EQ(thumb.height, 2);
    const auto red = [&](int x, int row) { return thumb.at(x, row)[0] == 255 && thumb.at(x, row)[1] == 0; };
    EXPECT_TRUE(red(0, 0));   // rows 0-1, x 0-1: (0, row 1) is wrong
    EXPECT_TRUE(red(1, 0));   // rows 0-1, x 2-3: (3, row 0)
    EXPECT_TRUE(red(0, 1));   // row 2, x 0-1: (1, row 2)
    EXPECT_FALSE(red(1, 1));  // row 2, x 2-3: only the pixel within tolerance
    EXPECT_EQ(thumb.at(1, 1)[0], 3);
    const HostImage same = diffThumbnail(checkScene(f.expected, f.got, kStrict), 8);  // never enlarged
    EXPECT_EQ(same.width, 4);
    EXPECT_EQ(same.height, 3);
}

TEST(JudgeSceneCheck, TextNamesTheCountsAndTheConvention) {
    Frames f;
    const std::string text = formatSceneCheck(checkScene(f.expected, f.got, kStrict, 2), "demo\x1b[2J");
    EXPECT_NE(text.find("demo\\x1b[2J 4x3: FAIL, 3 of 12 pixels wrong (at most 0 allowed; largest channel difference 190/255)"),
              std::string::npos) << text;
    EXPECT_NE(text.find("x right, y down from the top-left corner"), std::string::npos) << text;
    EXPECT_NE(text.find("    (1, 0): expected rgba(10, 20, 30, 255) got rgba(200, 20, 30, 255)\n"), std::string::npos) << text;
    EXPECT_NE(text.find("    (0, 1): expected rgba(10, 20, 30, 255) got rgba(10, 20, 90, 255)\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("(3, 2)"), std::string::npos) << text;  // only the first 2 were asked for
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
}

TEST(JudgeSceneCheck, RefusesFramesOfDifferentSizes) {
    try {
        checkScene(HostImage(4, 3), HostImage(3, 4), kStrict);
        FAIL() << "no error";
    } catch (const UsageError& e) {
        EXPECT_STREQ(e.what(), "the kernel's frame is 3x4 but the reference is 4x3");
    }
}
