#include "web/frame_publisher.hpp"

#include <cstdio>

#include "core/errors.hpp"
#include "core/stopwatch.hpp"
#include "web/frame_message.hpp"
#include "web/jpeg_encoding.hpp"

namespace racelab::web {

FramePublisher::FramePublisher(WebServer& server, int jpegQuality)
    : server_(server), quality_(jpegQuality), thread_([this] { run(); }) {}

FramePublisher::~FramePublisher() {
    stop_ = true;
    slot_.close();
    thread_.join();
}

void FramePublisher::run() {
    while (!stop_) {
        std::optional<RawFrame> frame = slot_.takeWithin(std::chrono::milliseconds(200));
        if (!frame || frame->width <= 0 || frame->height <= 0) continue;
        try {
            Stopwatch clock;
            const std::string jpeg = encodeJpeg(frame->rgba.data(), frame->width, frame->height, quality_);
            PictureHeader header;
            header.kind = PictureKind::Jpeg;
            header.frame = frame->index;
            header.width = static_cast<std::uint16_t>(frame->width);
            header.height = static_cast<std::uint16_t>(frame->height);
            server_.publishFrame(std::make_shared<const std::string>(packPicture(header, jpeg)));
            lastEncodeMs_ = clock.ms();
            ++encoded_;
        } catch (const Error& e) {
            std::fprintf(stderr, "racelab serve: %s\n", e.what());  // the next frame tries again
        }
    }
}

}  // namespace racelab::web
