// What the frame publisher asks of a video encoder (racelab's is app/serve/serve_video_stream.hpp, H.264 with
// libavcodec): one frame in, its coded bytes out at once, a key frame when asked. An interface, so that the
// web room does not depend on the video room, and a test can give one of its own.
#pragma once
#include <string>

namespace racelab::web {

struct RawFrame;

struct VideoPacket {
    std::string bytes;  // H.264, Annex B
    bool keyFrame = false;
    int width = 0, height = 0;  // the stream's size (the frame's, rounded down to even)
};

class VideoStream {
public:
    virtual ~VideoStream() = default;
    // Throws Error when the frame cannot be encoded (then no more are asked for).
    virtual VideoPacket encode(const RawFrame& frame, bool keyFrame) = 0;
    // The encoder in use ("libx264", "h264_nvenc"), "" before the first frame.
    virtual std::string encoderName() const = 0;
};

}  // namespace racelab::web
