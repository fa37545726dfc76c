// Frames from the loop to every client, encoded on a thread of its own so that the loop never waits for an
// encoder: the loop submits its newest frame into one slot (web/latest_slot.hpp), the thread encodes whatever
// is newest when it is free -- as JPEG for the clients that take JPEG, as the next frame of the H.264 stream
// for those that decode it -- and the server hands it to each client's slot in turn. At any stage a newer
// frame replaces an older one that was not yet used.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/stopwatch.hpp"
#include "web/latest_slot.hpp"
#include "web/video_stream.hpp"
#include "web/web_server.hpp"

namespace racelab::web {

struct RawFrame {
    std::vector<std::uint8_t> rgba;  // bottom row first, tightly packed
    int width = 0, height = 0;
    std::uint32_t index = 0;         // the loop's frame number
    std::uint64_t renderedUs = 0;    // when the loop finished it (web/frame_message.hpp's steady clock)
};

// The H.264 path as the page shows it.
struct VideoStatus {
    std::string encoder;   // "libx264", "h264_nvenc"; "" before the first frame
    std::string stopped;   // why no H.264 is sent any more ("" while it is)
    double kbps = 0;       // the stream's rate over the last second
    long keyFrames = 0;    // key frames sent (asked for by clients, and every few seconds)
};

class FramePublisher {
public:
    // `video` may be null: JPEG only.
    FramePublisher(WebServer& server, int jpegQuality, std::unique_ptr<VideoStream> video);
    ~FramePublisher();  // the thread ends after the frame it is encoding
    FramePublisher(const FramePublisher&) = delete;
    FramePublisher& operator=(const FramePublisher&) = delete;

    // True while the encoder has taken the last frame submitted: the loop reads back a new frame only then.
    bool wantsFrame() const { return slot_.empty(); }
    void submit(RawFrame frame) { slot_.put(std::move(frame)); }
    long framesEncoded() const { return encoded_.load(); }
    double lastEncodeMs() const { return lastEncodeMs_.load(); }
    long framesReplaced() const { return slot_.replacedCount(); }
    VideoStatus videoStatus() const;

private:
    void run();
    void publishJpeg(const RawFrame& frame);
    void publishVideo(const RawFrame& frame);

    WebServer& server_;
    const int quality_;
    std::unique_ptr<VideoStream> video_;
    LatestSlot<RawFrame> slot_;
    std::atomic<bool> stop_{false};
    std::atomic<long> encoded_{0};
    std::atomic<double> lastEncodeMs_{0};
    mutable std::mutex statusMutex_;
    VideoStatus status_;
    Stopwatch rateClock_, sinceForcedKey_;
    long bytesThisSecond_ = 0;
    std::thread thread_;  // last: started once everything it reads is made
};

}  // namespace racelab::web
