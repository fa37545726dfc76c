// How racelab serve's server hands out the H.264 stream (web/web_server.hpp): a client takes JPEG until it
// asks for the stream, then H.264 frames only, from a key frame on, each the one after the last it was sent
// (a decoder can go on from nothing else), and asks for a key frame whenever it must skip one; where no H.264
// comes, every client is sent JPEG. The messages that choose the stream are the server's own.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "serve_server_fixture.hpp"
#include "web/frame_message.hpp"

using namespace racelab::web;
using racelab::testing::RawWebClient;
using racelab::testing::ServeServer;

namespace {

std::shared_ptr<const std::string> frameOf(PictureKind kind, std::uint32_t number, bool key, std::size_t bytes = 8) {
    PictureHeader header;
    header.kind = kind;
    header.frame = number;
    header.width = 4;
    header.height = 2;
    header.keyFrame = key;
    return std::make_shared<const std::string>(packPicture(header, std::string(bytes, 'v')));
}

// The next picture a client is sent (skipping text), or nullopt within `ms`.
std::optional<PictureHeader> nextPicture(RawWebClient& client, int ms = 500) {
    for (auto f = client.readFrame(ms); f; f = client.readFrame(ms))
        if (f->opcode == 2) return readPictureHeader(f->payload);
    return std::nullopt;
}

struct VideoRouting : ServeServer {
    void SetUp() override { server.setGreeting(R"({"type":"hello"})"); }

    // Waits until the server counts `n` clients on the stream.
    void waitForVideoClients(long n) {
        for (int i = 0; i < 300 && server.counters().videoClients != n; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ASSERT_EQ(server.counters().videoClients, n);
    }
};

}  // namespace

TEST_F(VideoRouting, EachClientGetsTheKindItAskedFor) {
    auto jpeg = connect();
    auto video = connect();
    waitForClients(2);
    EXPECT_FALSE(server.takeKeyFrameRequest());
    video->sendFrame(R"({"type":"stream","name":"h264"})");
    waitForVideoClients(1);
    EXPECT_TRUE(server.takeKeyFrameRequest());  // it starts with a key frame, which it asks for
    EXPECT_FALSE(server.takeKeyFrameRequest());
    server.publishFrame(frameOf(PictureKind::H264, 1, true));
    server.publishFrame(frameOf(PictureKind::Jpeg, 1, false));
    const auto toVideo = nextPicture(*video);
    const auto toJpeg = nextPicture(*jpeg);
    ASSERT_TRUE(toVideo && toJpeg);
    EXPECT_EQ(toVideo->kind, PictureKind::H264);
    EXPECT_EQ(toJpeg->kind, PictureKind::Jpeg);
    EXPECT_FALSE(nextPicture(*video, 200));  // and nothing of the other kind
    EXPECT_FALSE(nextPicture(*jpeg, 200));
    EXPECT_EQ(received.count(), 0u);  // the stream's messages never reach the loop
}

TEST_F(VideoRouting, TheStreamStartsAtAKeyFrame) {
    auto video = connect();
    video->sendFrame(R"({"type":"stream","name":"h264"})");
    waitForVideoClients(1);
    server.publishFrame(frameOf(PictureKind::H264, 1, false));
    server.publishFrame(frameOf(PictureKind::H264, 2, false));
    server.publishFrame(frameOf(PictureKind::H264, 3, true));
    server.publishFrame(frameOf(PictureKind::H264, 4, false));
    const auto first = nextPicture(*video);
    const auto second = nextPicture(*video);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->frame, 3u);
    EXPECT_TRUE(first->keyFrame);
    EXPECT_EQ(second->frame, 4u);
}

// A client that reads nothing while 60 frames of 1 MiB are published (a key frame every 20): what it finally
// reads is a stream a decoder can take -- a key frame first, then each frame the one after the last -- and the
// server asked for key frames on its behalf rather than skip one.
TEST_F(VideoRouting, ASlowClientIsNeverSentAFrameItCannotDecode) {
    auto slow = connect();
    slow->sendFrame(R"({"type":"stream","name":"h264"})");
    waitForVideoClients(1);
    server.takeKeyFrameRequest();
    for (std::uint32_t i = 0; i < 60; ++i) server.publishFrame(frameOf(PictureKind::H264, i, i % 20 == 0, 1 << 20));
    for (int i = 0; i < 300 && server.counters().keyFramesAsked < 2; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_GE(server.counters().keyFramesAsked, 2);  // on joining, and on falling behind
    EXPECT_TRUE(server.takeKeyFrameRequest());
    std::optional<PictureHeader> last;
    int received = 0;
    for (auto picture = nextPicture(*slow); picture; picture = nextPicture(*slow)) {
        if (!last) EXPECT_TRUE(picture->keyFrame) << "the first frame sent, " << picture->frame;
        else if (!picture->keyFrame) EXPECT_EQ(picture->frame, last->frame + 1) << "a frame skipped before it";
        last = picture;
        ++received;
    }
    EXPECT_GE(received, 2);
    EXPECT_LT(received, 60);
}

TEST_F(VideoRouting, WhenTheStreamStopsEveryClientGetsJpeg) {
    auto video = connect();
    video->sendFrame(R"({"type":"stream","name":"h264"})");
    waitForVideoClients(1);
    server.stopVideo();
    server.publishFrame(frameOf(PictureKind::Jpeg, 5, false));
    const auto picture = nextPicture(*video);
    ASSERT_TRUE(picture);
    EXPECT_EQ(picture->kind, PictureKind::Jpeg);
    EXPECT_EQ(picture->frame, 5u);
}

// A client that goes back to JPEG (its decoder failed) is sent the latest JPEG frame at once, and H.264 no more.
TEST_F(VideoRouting, AClientThatGoesBackToJpegGetsTheLatestJpegFrame) {
    server.publishFrame(frameOf(PictureKind::Jpeg, 9, false));
    auto client = connect();
    ASSERT_TRUE(nextPicture(*client));  // the latest JPEG frame, as every new client gets it
    client->sendFrame(R"({"type":"stream","name":"h264"})");
    waitForVideoClients(1);
    client->sendFrame(R"({"type":"stream","name":"jpeg"})");
    waitForVideoClients(0);
    const auto picture = nextPicture(*client);
    ASSERT_TRUE(picture);
    EXPECT_EQ(picture->kind, PictureKind::Jpeg);
    EXPECT_EQ(picture->frame, 9u);
    server.publishFrame(frameOf(PictureKind::H264, 10, true));
    EXPECT_FALSE(nextPicture(*client, 200));
}
