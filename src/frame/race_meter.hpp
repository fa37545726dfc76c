// The live race meter and the comparison views. It renders the good variant of the same frame into a
// scratch frame and compares, on the GPU, the racy variant with it (the scene's per-channel tolerance);
// the views draw both into the frame target (kernels/race_views.cu). Scenes keep per-variant state
// (Scene::render), so the good render is the true good frame whatever was shown before.
#pragma once
#include <memory>

#include "frame/frame_controls.hpp"
#include "core/frame_target.hpp"
#include "scenes/scene.hpp"

namespace racelab {

// The variants a view compares: the first correct one, and the chosen variant when it is not that one
// (otherwise `racyVariant`, or the first variant that is not correct; the good one when there is none).
struct VariantPair {
    int good = 0, racy = 0;
};
VariantPair comparedVariants(const Scene& scene, int chosen, int racyVariant);

class RaceMeter {
public:
    RaceMeter();
    ~RaceMeter();
    // Plain view: `target` holds the frame just rendered with `variant`. Reads the scene's exact race count;
    // compares the frame with the good variant's when `variant` is not the good one (or always, with
    // `evenTheGood`: the good variant rendered twice must agree with itself).
    RaceReading measure(Scene& scene, const FrameTarget& target, int variant, bool evenTheGood = false);
    // Comparison views: renders the pair (the racy variant last) and draws `controls.view` into `target`; the
    // caller reads the exact race count afterwards.
    RaceReading renderView(Scene& scene, const FrameTarget& target, const FrameControls& controls);
    void restartHeat();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab
