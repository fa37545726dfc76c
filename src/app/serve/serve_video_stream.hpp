// The H.264 stream racelab serve offers (video/h264_stream_encoder.hpp) in the form the frame publisher asks
// for (web/video_stream.hpp).
#pragma once
#include "video/h264_stream_encoder.hpp"
#include "web/frame_publisher.hpp"
#include "web/video_stream.hpp"

namespace racelab {

class ServeVideoStream final : public web::VideoStream {
public:
    explicit ServeVideoStream(H264StreamSettings settings) : encoder_(settings) {}

    web::VideoPacket encode(const web::RawFrame& frame, bool keyFrame) override {
        H264Packet packet = encoder_.encode(frame.rgba.data(), frame.width, frame.height, keyFrame);
        return {std::move(packet.annexB), packet.keyFrame, encoder_.width(), encoder_.height()};
    }
    std::string encoderName() const override { return encoder_.encoderName(); }

private:
    H264StreamEncoder encoder_;
};

}  // namespace racelab
