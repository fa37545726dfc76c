// Host-callable side of kernels/race_views.cu: the race meter's count and the comparison views, all on the
// GPU and all drawn into the frame target. Each counting call zeroes `counter` and leaves its count there on
// the device; readRaceCount copies it back (the one synchronisation of a metered frame).
#pragma once
#include <cstdint>

#include "core/frame_target.hpp"

namespace racelab {

// A frame that is only read: tightly packed RGBA rows, row 0 at the bottom.
struct FrameView {
    const std::uint8_t* pixels = nullptr;
    int width = 0, height = 0;
};

// Counts pixels of `frame` that differ from `good` (same size) by more than `threshold` (0..255) in any RGB
// channel. With `paintDifferences` those pixels of `frame` become magenta (the diff view).
void countRaceDifferences(const FrameTarget& frame, FrameView good, int threshold, bool paintDifferences,
                          unsigned long long* counter);

// Wipe view: `frame` holds the racy variant; pixels left of column `divider` are replaced by `good`, a
// two-pixel white line marks the divider. Counts differences over the whole frame.
void composeWipe(const FrameTarget& frame, FrameView good, int threshold, int divider, unsigned long long* counter);

// Side-by-side view: good on the left half, racy on the right, each the full frame at half size (2x2 box
// filter) and centred vertically, on a dark background. Counting is the caller's (countRaceDifferences on
// the full-size racy frame first).
void composeSideBySide(const FrameTarget& frame, FrameView good, FrameView racy);

// Heat map: `frame` holds the racy variant. Each pixel's history (bit i: it differed i frames ago) takes
// this frame's comparison; the pixel shows how many of the last `window` (1..64) frames differed, on a
// colour scale over a dimmed grey copy of the frame, with a legend (scale, 0 and `window`) in the lower left.
// `history` holds width*height words and is zeroed by the caller when the heat map starts.
void composeHeatMap(const FrameTarget& frame, FrameView good, int threshold, std::uint64_t* history, int window,
                    unsigned long long* counter);

// The count left by the last call, read back (synchronises the stream).
long long readRaceCount(const unsigned long long* counter, cudaStream_t stream);

}  // namespace racelab
