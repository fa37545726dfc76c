// Size and pixel parsing and image files: PNG round trip, the PPM P6 header, and no half-written files on failure.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/errors.hpp"
#include "core/image_io.hpp"
#include "core/size_parse.hpp"

using namespace racelab;

TEST(SizeParse, AcceptsWxH) {
    Size2 s = parseSize("1280x720");
    EXPECT_EQ(s.width, 1280);
    EXPECT_EQ(s.height, 720);
    EXPECT_EQ(parseSize("7X3").height, 3);
}

TEST(SizeParse, RejectsBadSizes) {
    for (const char* bad : {"", "1280", "0x10", "10x0", "-5x5", "axb", "10x", "x10", "1.5x2", "99999x10", "10x10x"})
        EXPECT_THROW(parseSize(bad), UsageError) << bad;
}

TEST(PixelParse, AcceptsXYAndNamesTheOptionWhenNot) {
    EXPECT_EQ(parsePixel("512,300", "--pixel"), (std::pair{512, 300}));
    EXPECT_EQ(parsePixel("0,0", "--inspect"), (std::pair{0, 0}));
    for (const char* bad : {"", "5", "5,", ",5", "-1,4", "4,-1", "a,b", "1,2,3", "1.5,2", "3x4"}) {
        try {
            parsePixel(bad, "--inspect");
            ADD_FAILURE() << bad << " was accepted";
        } catch (const UsageError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("--inspect ", 0), 0u) << e.what();
        }
    }
}

TEST(ImageIo, PngRoundTripKeepsRowOrder) {
    HostImage image(4, 3);
    image.at(0, 0)[0] = 200;  // bottom-left red
    image.at(3, 2)[2] = 100;  // top-right blue
    for (auto& px : image.pixels) (void)px;
    for (int y = 0; y < 3; ++y) for (int x = 0; x < 4; ++x) image.at(x, y)[3] = 255;
    auto path = (std::filesystem::temp_directory_path() / "racelab_io_test.png").string();
    writePng(image, path);
    HostImage back = readImage(path);
    EXPECT_EQ(back.width, 4);
    EXPECT_EQ(back.height, 3);
    EXPECT_EQ(back.pixels, image.pixels);
    std::filesystem::remove(path);
}

TEST(ImageIo, PpmIsP6TopRowFirst) {
    HostImage image(2, 2);
    image.at(0, 1)[0] = 7;  // top-left
    auto path = (std::filesystem::temp_directory_path() / "racelab_io_test.ppm").string();
    writeImage(image, path);
    std::ifstream f(path, std::ios::binary);
    std::string magic, w, h, max;
    f >> magic >> w >> h >> max;
    f.get();
    EXPECT_EQ(magic, "P6");
    EXPECT_EQ(w + "x" + h, "2x2");
    EXPECT_EQ(max, "255");
    EXPECT_EQ(f.get(), 7);
    EXPECT_EQ(std::filesystem::file_size(path), 11u + 12u);
    std::filesystem::remove(path);
}

TEST(ImageIo, FailuresLeaveNoFile) {
    HostImage image(2, 2);
    EXPECT_THROW(writePng(image, "/nonexistent-dir/x.png"), UsageError);
    EXPECT_THROW(writeImage(image, "/tmp/racelab_x.bmp"), UsageError);
    EXPECT_FALSE(std::filesystem::exists("/tmp/racelab_x.bmp"));
}

// A file whose header claims more pixels than racelab can show is refused before decoding, with the numbers;
// a real but broken file is refused with the decoder's reason.
TEST(ImageIo, OversizedOrBrokenImagesAreRefusedClearly) {
    auto dir = std::filesystem::temp_directory_path();
    auto huge = (dir / "racelab_io_huge.ppm").string();
    {
        std::ofstream f(huge, std::ios::binary);
        f << "P6\n20000 20000\n255\n" << std::string(12, '\0');  // a 1.2 GB image by its header
    }
    try {
        readImage(huge);
        FAIL() << "a 20000x20000 header was decoded";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find("is 20000x20000, larger than the largest supported dimension 16384"),
                  std::string::npos) << e.what();
    }
    auto broken = (dir / "racelab_io_broken.png").string();
    {
        std::ofstream f(broken, std::ios::binary);
        f << "\x89PNG\r\n\x1a\n" << std::string(20, 'x');
    }
    EXPECT_THROW(readImage(broken), UsageError);
    std::filesystem::remove(huge);
    std::filesystem::remove(broken);
}

// PNG bytes in memory (thumbnails for records and pages): the same file writePng writes, read back the same way,
// and bytes that are not an image refused with their name.
TEST(ImageIo, PngInMemoryMatchesTheFileAndReadsBack) {
    HostImage image(3, 2);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x) image.at(x, y)[0] = static_cast<std::uint8_t>(40 * x + 100 * y), image.at(x, y)[3] = 255;
    const auto bytes = encodePng(image);
    const auto path = (std::filesystem::temp_directory_path() / "racelab_io_memory.png").string();
    writePng(image, path);
    std::ifstream file(path, std::ios::binary);
    const std::vector<std::uint8_t> onDisk((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    EXPECT_EQ(bytes, onDisk);
    const HostImage back = decodeImage(bytes, "thumbnail");
    EXPECT_EQ(back.width, 3);
    EXPECT_EQ(back.pixels, image.pixels);  // row 0 stays the bottom row
    try {
        decodeImage({'n', 'o', 'p', 'e'}, "rows[2].diff_png");
        FAIL() << "not an image, decoded";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("cannot read image 'rows[2].diff_png': ", 0), 0u) << e.what();
    }
    std::filesystem::remove(path);
}
