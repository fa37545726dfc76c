// The live race meter: renders the good variant of the same frame into a scratch buffer and counts, on
// the GPU, the pixels where the shown variant differs (CS149's 0.1 per-channel tolerance).
#pragma once
#include <memory>

#include "core/frame_target.hpp"
#include "scenes/scene.hpp"

namespace racelab {

struct RaceReading;

class RaceMeter {
public:
    RaceMeter();
    ~RaceMeter();
    // `target` holds the frame just rendered with `variant`; nothing happens for correct variants.
    RaceReading measure(Scene& scene, const FrameTarget& target, int variant, bool overlay);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab
