// Frames from the loop to every client as JPEG, encoded on a thread of its own so that the loop never waits
// for an encoder: the loop submits its newest frame into one slot (web/latest_slot.hpp), the thread encodes
// whatever is newest when it is free, and the server hands it to each client's slot in turn. At any stage a
// newer frame replaces an older one that was not yet used.
#pragma once
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "web/latest_slot.hpp"
#include "web/web_server.hpp"

namespace racelab::web {

struct RawFrame {
    std::vector<std::uint8_t> rgba;  // bottom row first, tightly packed
    int width = 0, height = 0;
    std::uint32_t index = 0;         // the loop's frame number
};

class FramePublisher {
public:
    FramePublisher(WebServer& server, int jpegQuality);
    ~FramePublisher();  // the thread ends after the frame it is encoding
    FramePublisher(const FramePublisher&) = delete;
    FramePublisher& operator=(const FramePublisher&) = delete;

    // True while the encoder has taken the last frame submitted: the loop reads back a new frame only then.
    bool wantsFrame() const { return slot_.empty(); }
    void submit(RawFrame frame) { slot_.put(std::move(frame)); }
    long framesEncoded() const { return encoded_.load(); }
    double lastEncodeMs() const { return lastEncodeMs_.load(); }
    long framesReplaced() const { return slot_.replacedCount(); }

private:
    void run();

    WebServer& server_;
    const int quality_;
    LatestSlot<RawFrame> slot_;
    std::atomic<bool> stop_{false};
    std::atomic<long> encoded_{0};
    std::atomic<double> lastEncodeMs_{0};
    std::thread thread_;
};

}  // namespace racelab::web
