// Host-callable side of kernels/race_meter.cu: compares a frame with the good variant's frame on the GPU.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/frame_target.hpp"

namespace racelab {

struct RaceMeterCounts {
    std::int64_t differing = 0;  // pixels with some RGB channel off by more than the threshold
    std::int64_t total = 0;
};

// Counts pixels of `frame` that differ from `reference` (same size, tightly packed rows of `reference`)
// by more than `threshold` (0..255) in any RGB channel. With `overlay`, those pixels of `frame` are painted
// magenta. `deviceCounter` is scratch space for one 64-bit counter; the call synchronizes the stream.
RaceMeterCounts measureRace(const FrameTarget& frame, const std::uint8_t* reference, int threshold, bool overlay,
                            unsigned long long* deviceCounter);

}  // namespace racelab
