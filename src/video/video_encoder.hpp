// One video file written with Debian's libavcodec/libavformat in this process: no shell, no ffmpeg program,
// no command line. Frames come in as the GL side reads them (RGBA, bottom row first) and are converted with
// libswscale (YUV 4:2:0 for H.264 and VP9, a palette per frame for a GIF: video/gif_palette.hpp).
// Not thread-safe: one thread (the viewer's encoder thread, video/video_writer.hpp) uses it.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "video/video_format.hpp"

namespace racelab {

struct VideoFrame {
    std::vector<std::uint8_t> rgba;  // bottom row first (GL's order), tightly packed
    int width = 0, height = 0;
    long index = 0;      // frames since the recording started: its place in a fixed-rate video
    double seconds = 0;  // since the recording started: its time in a video at the frames' own times
};

struct VideoSettings {
    // > 0: every frame handed in is one frame of 1/fps s (frame `index` at index/fps), so a slow window still
    // makes a smooth video; 0: each frame shows at its own time (`seconds`), as it appeared.
    double fps = 0;
};

class VideoEncoder {
public:
    // Checks the format (extension), that libavcodec has its encoder and that the file can be created; a
    // UsageError or Error naming what is missing otherwise. Nothing is encoded before the first frame.
    VideoEncoder(const std::string& path, VideoSettings settings);
    ~VideoEncoder();  // without finish(): the file is removed
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    // Encodes one frame. The first fixes the video's size (rounded down to even sizes for H.264 and VP9,
    // whose colour planes are halved); a frame of another size (the window was resized) is scaled to fit
    // inside it, centred on black. Returns false when the frame falls on the previous one's time in the
    // video (faster than the format shows) and was left out. Throws Error when writing or encoding fails.
    bool write(const VideoFrame& frame);
    // Flushes the encoder, completes the file and gives it its name. Throws Error when that fails.
    void finish();
    // Gives up: the file is removed (a recording that failed).
    void abandon();

    const VideoFormat& format() const;
    const std::string& path() const;
    std::uint64_t bytesWritten() const;  // may be read from another thread
    long framesWritten() const;
    int width() const;   // 0 before the first frame
    int height() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab
