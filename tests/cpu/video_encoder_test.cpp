// The video files racelab writes (video/video_encoder.hpp, video/video_writer.hpp), read back with the
// library's reader (video_reader.hpp): frame count, frame times, duration and size as asked, pictures close to
// what went in (PSNR bounds below: lossy codecs), the odd sizes, a resize mid-recording, and the failures (a
// full disk, a missing encoder) as clear errors that leave no file behind.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "core/errors.hpp"
#include "core/fault_injection.hpp"
#include "video/video_encoder.hpp"
#include "video/video_format.hpp"
#include "video/video_writer.hpp"
#include "moving_square_picture.hpp"
#include "video_reader.hpp"

using namespace racelab;
using racelab::testing::psnrRgb;
using racelab::testing::readVideo;
namespace fs = std::filesystem;

namespace {

// One frame of the test picture (moving_square_picture.hpp) as the viewer hands it to a recording.
VideoFrame testFrame(int width, int height, long k) {
    VideoFrame f;
    f.width = width;
    f.height = height;
    f.index = k;
    f.rgba = racelab::testing::movingSquarePicture(width, height, k).pixels;
    return f;
}

HostImage asImage(const VideoFrame& f) {
    HostImage image(f.width, f.height);
    image.pixels = f.rgba;
    return image;
}

class VideoFiles : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("racelab_video_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override {
        faultInjection().failVideoWriteAfterBytes = -1;
        faultInjection().failVideoEncoder = false;
        fs::remove_all(dir_);
    }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    std::vector<std::string> filesInDir() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(dir_)) names.push_back(entry.path().filename().string());
        return names;
    }
    fs::path dir_;
};

struct Case {
    const char* name;
    const char* codec;
    double minPsnr;  // dB of the decoded first and last frames against the frames handed in
};

}  // namespace

TEST(VideoFormat, ChosenByExtensionWithTheChoicesNamedOtherwise) {
    EXPECT_EQ(videoFormatForPath("a/b.MP4").container, VideoContainer::Mp4);
    EXPECT_STREQ(videoFormatForPath("x.webm").encoder, "libvpx-vp9");
    EXPECT_EQ(videoFormatForPath("-x y.gif").container, VideoContainer::Gif);
    try {
        videoFormatForPath("clip.avi");
        FAIL() << "an .avi was accepted";
    } catch (const UsageError& e) {
        EXPECT_NE(std::string(e.what()).find(".mp4 (H.264), .webm (VP9) or .gif"), std::string::npos) << e.what();
    }
    EXPECT_THROW(checkVideoFps("a.gif", 60), UsageError);  // a GIF shows at most 50 frames a second
    EXPECT_NO_THROW(checkVideoFps("a.gif", 50));
    EXPECT_NO_THROW(checkVideoFps("a.mp4", 0));
    EXPECT_THROW(checkVideoFps("a.mp4", -1), UsageError);
}

TEST_F(VideoFiles, EachFormatHoldsEveryFrameAtTheFixedRateAndLooksLikeTheInput) {
    // PSNR bounds: H.264 at constant quality 20 and VP9 at 32 keep this small picture above 35 and 33 dB, a
    // GIF's 256 colours with ordered dithering above 30 dB; a wrong row order or colour matrix gives under 15.
    for (const Case c : {Case{"clip.mp4", "h264", 35}, Case{"clip.webm", "vp9", 33}, Case{"clip.gif", "gif", 30}}) {
        SCOPED_TRACE(c.name);
        const int frames = 25;
        VideoEncoder encoder(path(c.name), VideoSettings{25});
        for (long k = 0; k < frames; ++k) EXPECT_TRUE(encoder.write(testFrame(160, 90, k)));
        encoder.finish();
        const auto video = readVideo(path(c.name));
        EXPECT_EQ(video.codec, c.codec);
        EXPECT_EQ(video.width, 160);
        EXPECT_EQ(video.height, 90);
        EXPECT_EQ(video.frames, frames);
        ASSERT_EQ(video.frameSeconds.size(), static_cast<std::size_t>(frames));
        for (int k = 0; k < frames; ++k) EXPECT_NEAR(video.frameSeconds[static_cast<std::size_t>(k)], k / 25.0, 0.006) << k;
        EXPECT_NEAR(video.durationSeconds, 1.0, 0.011);  // 25 frames of 1/25 s (a GIF counts hundredths)
        EXPECT_GE(psnrRgb(asImage(testFrame(160, 90, 0)), video.first), c.minPsnr);
        EXPECT_GE(psnrRgb(asImage(testFrame(160, 90, frames - 1)), video.last), c.minPsnr);
        EXPECT_EQ(encoder.bytesWritten(), fs::file_size(path(c.name)));
    }
    EXPECT_EQ(filesInDir().size(), 3u) << "a temporary file was left behind";
}

TEST_F(VideoFiles, FramesAtTheirOwnTimesKeepThem) {
    VideoEncoder encoder(path("own.mp4"), VideoSettings{0});
    const double times[] = {0.0, 0.040, 0.150, 0.151, 0.400};
    long k = 0;
    for (double t : times) {
        VideoFrame f = testFrame(64, 48, k++);
        f.seconds = t;
        encoder.write(f);
    }
    encoder.finish();
    const auto video = readVideo(path("own.mp4"), false);
    ASSERT_EQ(video.frames, 5);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_NEAR(video.frameSeconds[i], times[i], 0.0011) << i;
}

TEST_F(VideoFiles, GifFramesCloserThanTwoHundredthsAreLeftOut) {
    // Browsers show GIF delays under 2/100 s as 10/100: such frames are merged into the one before.
    VideoEncoder encoder(path("own.gif"), VideoSettings{0});
    const double times[] = {0.0, 0.005, 0.020, 0.030, 0.050};
    std::vector<bool> kept;
    long k = 0;
    for (double t : times) {
        VideoFrame f = testFrame(64, 48, k++);
        f.seconds = t;
        kept.push_back(encoder.write(f));
    }
    encoder.finish();
    EXPECT_EQ(kept, (std::vector<bool>{true, false, true, false, true}));
    EXPECT_EQ(readVideo(path("own.gif"), false).frames, 3);
}

TEST_F(VideoFiles, OddSizesAreEvenForH264AndKeptForGif) {
    for (const char* name : {"odd.mp4", "odd.gif"}) {
        VideoEncoder encoder(path(name), VideoSettings{10});
        encoder.write(testFrame(101, 51, 0));
        encoder.write(testFrame(101, 51, 1));
        encoder.finish();
        const auto video = readVideo(path(name));
        const bool gif = std::string(name) == "odd.gif";
        EXPECT_EQ(video.width, gif ? 101 : 100) << name;
        EXPECT_EQ(video.height, gif ? 51 : 50) << name;
        EXPECT_EQ(video.frames, 2) << name;
    }
}

TEST_F(VideoFiles, AResizedWindowGoesOnInTheSameFileScaledToFit) {
    VideoEncoder encoder(path("resized.mp4"), VideoSettings{10});
    encoder.write(testFrame(160, 80, 0));
    VideoFrame white;  // a square window after a resize: 40x40 white, fitted into 160x80 as 80x80 in the middle
    white.width = white.height = 40;
    white.rgba.assign(40 * 40 * 4, 255);
    white.index = 1;
    encoder.write(white);
    encoder.finish();
    const auto video = readVideo(path("resized.mp4"));
    EXPECT_EQ(video.width, 160);
    EXPECT_EQ(video.height, 80);
    EXPECT_EQ(video.frames, 2);
    const HostImage& last = video.last;
    for (int y : {5, 40, 75}) {  // black bars left and right, white between (limited-range H.264: within 4 steps)
        EXPECT_LE(last.at(10, y)[0], 4) << y;
        EXPECT_LE(last.at(150, y)[1], 4) << y;
        EXPECT_GE(last.at(80, y)[2], 251) << y;
        EXPECT_GE(last.at(45, y)[0], 251) << y;
    }
}

TEST_F(VideoFiles, AFullDiskIsAClearErrorAndLeavesNoFile) {
    faultInjection().failVideoWriteAfterBytes = 4000;  // every write past the first 4,000 bytes: ENOSPC
    VideoWriter writer(path("full.mp4"), VideoSettings{30}, QueuePolicy::Wait);
    for (long k = 0; k < 60; ++k) writer.submit(testFrame(320, 180, k % 40));
    try {
        writer.finish();
        FAIL() << "a full disk went unnoticed";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("full.mp4"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(writer.submit(testFrame(320, 180, 0))) << "frames accepted after the failure";
    EXPECT_TRUE(filesInDir().empty()) << "a broken file stayed: " << filesInDir().front();
}

TEST_F(VideoFiles, AMissingEncoderIsAClearErrorBeforeAnyFileExists) {
    faultInjection().failVideoEncoder = true;
    try {
        VideoEncoder encoder(path("none.mp4"), VideoSettings{30});
        FAIL() << "no error without an encoder";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("no libx264 encoder"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("tools/install-deps.sh"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(filesInDir().empty());
}

TEST_F(VideoFiles, AnUnfinishedVideoIsRemoved) {
    {
        VideoWriter writer(path("gone.webm"), VideoSettings{30}, QueuePolicy::Wait);
        writer.submit(testFrame(64, 48, 0));
    }  // destroyed without finish(): e.g. an interrupted `frames` run
    EXPECT_TRUE(filesInDir().empty());
}

TEST_F(VideoFiles, TheWriterRecordsEveryFrameWhenItMayWait) {
    VideoWriter writer(path("all.mp4"), VideoSettings{30}, QueuePolicy::Wait, 1);  // room for 3 frames at a time
    for (long k = 0; k < 40; ++k) {
        VideoFrame f = writer.takeBuffer();
        f = testFrame(320, 180, k % 40);
        EXPECT_TRUE(writer.submit(std::move(f)));
    }
    writer.finish();
    EXPECT_EQ(writer.framesWritten(), 40);
    EXPECT_EQ(writer.framesDropped(), 0);
    EXPECT_EQ(readVideo(path("all.mp4"), false).frames, 40);
}
