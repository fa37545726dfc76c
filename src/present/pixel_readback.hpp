// Reads rectangles of the drawn frame back to the host without stalling the frame loop: glReadPixels goes
// into one of a ring of pixel-pack buffers (PBOs) followed by a fence, and each buffer is mapped only once its
// fence has passed, frames later ("read late"). The ring is deeper than the frames the loop keeps in flight, so
// by the time a slot comes round again its read has long completed; only then, or at drain(), does it wait.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include <glad/gl.h>

#include "present/pixel_rect.hpp"

namespace racelab {

// What the caller attaches to a read (its frame number and time), handed back with the pixels.
struct ReadbackTag {
    long index = 0;
    double seconds = 0;
};

// Gets RGBA pixels, bottom row first, tightly packed; valid during the call only.
using ReadbackSink = std::function<void(const std::uint8_t* rgba, int width, int height, const ReadbackTag& tag)>;

class PixelReadbackRing {
public:
    explicit PixelReadbackRing(int slots = 4);
    ~PixelReadbackRing();
    PixelReadbackRing(const PixelReadbackRing&) = delete;
    PixelReadbackRing& operator=(const PixelReadbackRing&) = delete;

    // Hands the completed reads to `sink`, then starts reading `rect` of the framebuffer bound for reading.
    // Only when every slot is still in flight does it wait, for the oldest.
    void read(const PixelRect& rect, const ReadbackTag& tag, const ReadbackSink& sink);
    // Hands every completed read to `sink`, oldest first, without waiting.
    void collect(const ReadbackSink& sink) { handOver(sink, false); }
    // Waits for and hands over every read still in flight (the end of a recording).
    void drain(const ReadbackSink& sink) { handOver(sink, true); }
    int inFlight() const;

private:
    struct Slot {
        GLuint buffer = 0;
        GLsync fence = nullptr;
        std::size_t capacity = 0;
        int width = 0, height = 0;
        ReadbackTag tag;
    };
    void handOver(const ReadbackSink& sink, bool wait);
    bool finishOldest(const ReadbackSink& sink, bool wait);

    std::vector<Slot> slots_;
    std::size_t next_ = 0;    // the slot the next read uses
    std::size_t oldest_ = 0;  // the oldest slot in flight
    int pending_ = 0;
};

}  // namespace racelab
