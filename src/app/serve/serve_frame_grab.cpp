#include "app/serve/serve_frame_grab.hpp"

#include <cstring>

#include "present/pixel_readback.hpp"
#include "web/frame_message.hpp"

namespace racelab {
namespace {

web::RawFrame rawFrame(const std::uint8_t* rgba, int width, int height, const ReadbackTag& tag) {
    web::RawFrame frame;
    frame.rgba.assign(rgba, rgba + static_cast<std::size_t>(width) * height * 4);
    frame.width = width;
    frame.height = height;
    frame.index = static_cast<std::uint32_t>(tag.index);
    frame.renderedUs = static_cast<std::uint64_t>(tag.seconds * 1e6);
    return frame;
}

}  // namespace

ServeFrameGrab::ServeFrameGrab(web::FramePublisher& publisher) : publisher_(publisher) {}

ServeFrameGrab::~ServeFrameGrab() = default;

void ServeFrameGrab::arm(bool wanted, std::uint32_t frameIndex) {
    armed_ = wanted;
    frameIndex_ = frameIndex;
}

void ServeFrameGrab::afterScene(const PixelRect& scene) {
    if (!armed_) return;
    if (!ring_) ring_ = std::make_unique<PixelReadbackRing>();  // made here: the GL context is current
    // Stamped when the scene is drawn: the read back completes a frame or two later, and that wait is part of
    // what a client sees.
    ring_->read(scene, {static_cast<long>(frameIndex_), static_cast<double>(web::steadyMicroseconds()) / 1e6},
                [this](const std::uint8_t* rgba, int width, int height, const ReadbackTag& tag) {
                    publisher_.submit(rawFrame(rgba, width, height, tag));
                });
    armed_ = false;
}

void ServeFrameGrab::afterFrame(FrameLoop& loop, bool hasSurface) {
    if (hasSurface) {
        if (ring_)
            ring_->collect([this](const std::uint8_t* rgba, int width, int height, const ReadbackTag& tag) {
                publisher_.submit(rawFrame(rgba, width, height, tag));
            });
        return;
    }
    if (!armed_) return;
    armed_ = false;
    HostImage pixels = loop.lastFramePixels();
    web::RawFrame frame;
    frame.width = pixels.width;
    frame.height = pixels.height;
    frame.index = frameIndex_;
    frame.renderedUs = web::steadyMicroseconds();
    frame.rgba = std::move(pixels.pixels);
    publisher_.submit(std::move(frame));
}

}  // namespace racelab
