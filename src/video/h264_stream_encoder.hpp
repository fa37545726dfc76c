// Frames as a live H.264 stream for `racelab serve` (docs/DECISIONS.md, "The viewer in a browser"): encoded in
// this process with Debian's libavcodec, NVENC (h264_nvenc) where the driver has it and x264 (libx264)
// otherwise, tuned for latency -- no B-frames, no look-ahead, every frame out as soon as it is in -- into
// Annex B packets (start codes, SPS and PPS before every key frame) that a browser's WebCodecs decodes as they
// come. Not thread-safe: the serve publisher's one thread uses it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace racelab {

struct H264StreamSettings {
    double fps = 60;        // the rate the frames come at, for the rate control (not a clock)
    double maxMbps = 8;     // the stream's peak rate, Mbit/s
};

struct H264Packet {
    std::string annexB;     // empty: the encoder kept the frame (it never does with these settings)
    bool keyFrame = false;  // an IDR frame: a decoder may start here
};

class H264StreamEncoder {
public:
    // Nothing is opened before the first frame; an Error there says what is missing.
    explicit H264StreamEncoder(H264StreamSettings settings);
    ~H264StreamEncoder();
    H264StreamEncoder(const H264StreamEncoder&) = delete;
    H264StreamEncoder& operator=(const H264StreamEncoder&) = delete;

    // Encodes one RGBA frame (bottom row first, tightly packed). The encoder opens at the frame's size, rounded
    // down to even (H.264's colour planes are halved; an odd last column or row is left out), and opens again
    // when the size changes, which starts with a key frame. `keyFrame` forces one (a client joined or lost a
    // frame). Throws Error when no H.264 encoder opens or encoding fails.
    H264Packet encode(const std::uint8_t* rgba, int width, int height, bool keyFrame);

    // "h264_nvenc" or "libx264" once open, "" before.
    const std::string& encoderName() const;
    int width() const;   // the stream's size, 0 before the first frame
    int height() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab
