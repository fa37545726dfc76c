// racelab serve's H.264 stream (video/h264_stream_encoder.hpp), decoded by libavcodec's own H.264 decoder as a
// browser's WebCodecs decoder is fed: one packet a frame, each out as soon as its frame is in; key frames
// with their SPS and PPS, where a decoder can start; pictures that look like their input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/host_image.hpp"
#include "video/h264_stream_encoder.hpp"
#include "moving_square_picture.hpp"
#include "video_reader.hpp"

using namespace racelab;
using racelab::testing::decodeH264Packets;
using racelab::testing::psnrRgb;

namespace {

HostImage streamFrame(int width, int height, int k) { return racelab::testing::movingSquarePicture(width, height, k); }

HostImage upsideDown(const HostImage& image) {
    HostImage out(image.width, image.height);
    for (int y = 0; y < image.height; ++y)
        std::copy(image.at(0, y), image.at(0, y) + image.width * 4, out.at(0, image.height - 1 - y));
    return out;
}

// The NAL unit types of an Annex B packet, in order (5 IDR slice, 1 other slice, 7 SPS, 8 PPS).
std::vector<int> nalTypes(const std::string& annexB) {
    std::vector<int> types;
    for (std::size_t i = 0; i + 3 < annexB.size(); ++i)
        if (annexB[i] == 0 && annexB[i + 1] == 0 && annexB[i + 2] == 1) types.push_back(annexB[i + 3] & 0x1f);
    return types;
}

bool holds(const std::vector<int>& types, int type) { return std::find(types.begin(), types.end(), type) != types.end(); }

}  // namespace

// x264 at constant quality 20 keeps this picture above 30 dB (measured 32.6 to 37.1 over the 30 frames: the
// colour planes are halved, and the square is sharp-edged red on a gradient); the same picture upside down
// is under 20 dB (measured 13.7), so a wrong row order cannot pass.
TEST(H264Stream, EveryFrameComesOutAtOnceAndDecodesToItsInput) {
    H264StreamEncoder encoder({60, 8});
    std::vector<std::string> packets;
    for (int k = 0; k < 30; ++k) {
        const HostImage input = streamFrame(160, 96, k);
        const H264Packet packet = encoder.encode(input.pixels.data(), input.width, input.height, false);
        ASSERT_FALSE(packet.annexB.empty()) << "frame " << k << " was held back";
        EXPECT_EQ(packet.keyFrame, k == 0) << "frame " << k;
        packets.push_back(packet.annexB);
    }
    EXPECT_TRUE(std::set<std::string>({"libx264", "h264_nvenc"}).count(encoder.encoderName())) << encoder.encoderName();
    const std::vector<HostImage> decoded = decodeH264Packets(packets);
    ASSERT_EQ(decoded.size(), 30u);
    for (int k = 0; k < 30; ++k) {
        const HostImage input = streamFrame(160, 96, k);
        EXPECT_GE(psnrRgb(input, decoded[static_cast<std::size_t>(k)]), 30) << "frame " << k;
    }
    EXPECT_LT(psnrRgb(upsideDown(streamFrame(160, 96, 29)), decoded.back()), 20);
}

// A client that joins or falls behind asks for a key frame: it comes at once, with the SPS and PPS a decoder
// that starts there needs, and the stream decodes from it alone.
TEST(H264Stream, AKeyFrameWhenAskedCarriesWhatADecoderStartsWith) {
    H264StreamEncoder encoder({60, 8});
    std::vector<std::string> packets;
    for (int k = 0; k < 20; ++k) {
        const HostImage input = streamFrame(160, 96, k);
        const H264Packet packet = encoder.encode(input.pixels.data(), input.width, input.height, k == 10);
        EXPECT_EQ(packet.keyFrame, k == 0 || k == 10) << "frame " << k;
        const std::vector<int> types = nalTypes(packet.annexB);
        EXPECT_EQ(holds(types, 7) && holds(types, 8) && holds(types, 5), packet.keyFrame) << "frame " << k;
        packets.push_back(packet.annexB);
    }
    const std::vector<HostImage> fromKey = decodeH264Packets({packets.begin() + 10, packets.end()});
    ASSERT_EQ(fromKey.size(), 10u);
    EXPECT_GE(psnrRgb(streamFrame(160, 96, 19), fromKey.back()), 30);
}

// H.264 halves the colour planes: an odd size loses its last column and row. A window resized to another size
// starts the stream again, with a key frame of the new size.
TEST(H264Stream, AnOddSizeIsRoundedDownAndANewSizeStartsWithAKeyFrame) {
    H264StreamEncoder encoder({60, 8});
    const HostImage odd = streamFrame(161, 97, 0);
    EXPECT_TRUE(encoder.encode(odd.pixels.data(), odd.width, odd.height, false).keyFrame);
    EXPECT_EQ(encoder.width(), 160);
    EXPECT_EQ(encoder.height(), 96);
    const HostImage again = streamFrame(161, 97, 1);
    EXPECT_FALSE(encoder.encode(again.pixels.data(), again.width, again.height, false).keyFrame);
    const HostImage wider = streamFrame(200, 120, 2);
    const H264Packet resized = encoder.encode(wider.pixels.data(), wider.width, wider.height, false);
    EXPECT_TRUE(resized.keyFrame);
    EXPECT_EQ(encoder.width(), 200);
    EXPECT_EQ(encoder.height(), 120);
    const std::vector<HostImage> decoded = decodeH264Packets({resized.annexB});
    ASSERT_EQ(decoded.size(), 1u);
    EXPECT_EQ(decoded[0].width, 200);
    EXPECT_GE(psnrRgb(wider, decoded[0]), 30);
    const HostImage tiny = streamFrame(1, 1, 0);
    EXPECT_THROW(encoder.encode(tiny.pixels.data(), 1, 1, false), Error);
}

// A paused scene sends the same picture every frame: after its key frame each costs a small part of one (x264
// refines the picture over the first frames: measured 34 to 207 bytes against a key frame of 2647), which is
// what keeps a still view far under the stream's peak rate.
TEST(H264Stream, AStillPictureCostsLittleAfterItsKeyFrame) {
    H264StreamEncoder encoder({60, 8});
    const HostImage still = streamFrame(320, 192, 3);
    const std::size_t key = encoder.encode(still.pixels.data(), still.width, still.height, false).annexB.size();
    std::size_t rest = 0;
    for (int k = 1; k < 20; ++k) {
        const std::size_t bytes = encoder.encode(still.pixels.data(), still.width, still.height, false).annexB.size();
        EXPECT_LT(bytes * 4, key) << "frame " << k << ": " << bytes << " bytes against the key frame's " << key;
        rest += bytes;
    }
    EXPECT_LT(rest, 2 * key) << "19 frames of a still picture cost " << rest << " bytes, its key frame " << key;
}
