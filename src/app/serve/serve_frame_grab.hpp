// Reads the frames `racelab serve` sends: with a GL surface (EGL on the GPU, or Mesa) through the read-back ring
// (present/pixel_readback.hpp) right after the scene's blit, so the loop never waits for a read; without GL
// straight from the frame loop's host or device frame. A frame is read only while the encoder has taken the
// last one, so no read is wasted on a frame that would be replaced unseen.
#pragma once
#include <cstdint>
#include <memory>

#include "frame/frame_loop.hpp"
#include "web/frame_publisher.hpp"

namespace racelab {

class PixelReadbackRing;

class ServeFrameGrab final : public FrameTap {
public:
    explicit ServeFrameGrab(web::FramePublisher& publisher);
    ~ServeFrameGrab() override;  // with a surface: the GL context must still be current

    // Before a frame: whether it is to be read (someone is watching and the encoder is free).
    void arm(bool wanted, std::uint32_t frameIndex);
    // After the frame: without a surface the frame is read here; with one, reads completed since are handed on.
    void afterFrame(FrameLoop& loop, bool hasSurface);

    void afterScene(const PixelRect& scene) override;
    void afterOverlay(const PixelRect&) override {}

private:
    web::FramePublisher& publisher_;
    std::unique_ptr<PixelReadbackRing> ring_;
    bool armed_ = false;
    std::uint32_t frameIndex_ = 0;
};

}  // namespace racelab
