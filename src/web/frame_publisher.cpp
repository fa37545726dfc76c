#include "web/frame_publisher.hpp"

#include <cstdio>

#include "core/errors.hpp"
#include "web/frame_message.hpp"
#include "web/jpeg_encoding.hpp"

namespace racelab::web {
namespace {

// A client that keeps falling behind keeps asking for key frames; they cost several times a P frame, so they
// are made at most this often (a client waits at most this long for its next picture).
constexpr double kMinMsBetweenAskedKeyFrames = 250;

PictureHeader headerOf(PictureKind kind, const RawFrame& frame, int width, int height, bool keyFrame) {
    PictureHeader header;
    header.kind = kind;
    header.frame = frame.index;
    header.renderedUs = frame.renderedUs;
    header.width = static_cast<std::uint16_t>(width);
    header.height = static_cast<std::uint16_t>(height);
    header.keyFrame = keyFrame;
    return header;
}

}  // namespace

FramePublisher::FramePublisher(WebServer& server, int jpegQuality, std::unique_ptr<VideoStream> video)
    : server_(server), quality_(jpegQuality), video_(std::move(video)), thread_([this] { run(); }) {
    if (!video_) {
        status_.stopped = "racelab serve was started without it";
        server_.stopVideo();
    }
}

FramePublisher::~FramePublisher() {
    stop_ = true;
    slot_.close();
    thread_.join();
}

VideoStatus FramePublisher::videoStatus() const {
    std::lock_guard lock(statusMutex_);
    return status_;
}

void FramePublisher::run() {
    while (!stop_) {
        std::optional<RawFrame> frame = slot_.takeWithin(std::chrono::milliseconds(200));
        if (!frame || frame->width <= 0 || frame->height <= 0) continue;
        Stopwatch clock;
        const ServerCounters clients = server_.counters();
        const bool videoRuns = video_ && videoStatus().stopped.empty();
        if (videoRuns && clients.videoClients > 0) publishVideo(*frame);
        if (!videoRuns || clients.clientsNow > clients.videoClients) publishJpeg(*frame);
        lastEncodeMs_ = clock.ms();
        ++encoded_;
    }
}

void FramePublisher::publishJpeg(const RawFrame& frame) {
    try {
        const std::string jpeg = encodeJpeg(frame.rgba.data(), frame.width, frame.height, quality_);
        const PictureHeader header = headerOf(PictureKind::Jpeg, frame, frame.width, frame.height, false);
        server_.publishFrame(std::make_shared<const std::string>(packPicture(header, jpeg)));
    } catch (const Error& e) {
        std::fprintf(stderr, "racelab serve: %s\n", e.what());  // the next frame tries again
    }
}

// The next frame of the stream; a key frame when a client waits for one (and the last forced one is not too
// recent). An encoder that fails stops the stream for good: every client is sent JPEG from then on.
void FramePublisher::publishVideo(const RawFrame& frame) {
    const bool forceKey = sinceForcedKey_.ms() >= kMinMsBetweenAskedKeyFrames && server_.takeKeyFrameRequest();
    if (forceKey) sinceForcedKey_.restart();
    VideoPacket packet;
    try {
        packet = video_->encode(frame, forceKey);
    } catch (const Error& e) {
        std::fprintf(stderr, "racelab serve: H.264 stopped, JPEG from now on: %s\n", e.what());
        std::lock_guard lock(statusMutex_);
        status_.stopped = e.what();
        server_.stopVideo();
        return;
    }
    if (packet.bytes.empty()) return;
    const PictureHeader header = headerOf(PictureKind::H264, frame, packet.width, packet.height, packet.keyFrame);
    server_.publishFrame(std::make_shared<const std::string>(packPicture(header, packet.bytes)));
    bytesThisSecond_ += static_cast<long>(packet.bytes.size());
    std::lock_guard lock(statusMutex_);
    status_.encoder = video_->encoderName();
    status_.keyFrames += packet.keyFrame ? 1 : 0;
    if (rateClock_.ms() >= 1000) {
        status_.kbps = bytesThisSecond_ * 8.0 / rateClock_.ms();
        bytesThisSecond_ = 0;
        rateClock_.restart();
    }
}

}  // namespace racelab::web
