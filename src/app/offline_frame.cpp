#include "app/offline_frame.hpp"

#include "app/frame_loop.hpp"
#include "core/errors.hpp"

namespace racelab {

void advanceTo(Scene& scene, long frame, cudaStream_t stream) {
    if (frame < 0) throw UsageError("--frame must be >= 0");
    if (!scene.animated()) return;
    for (long i = 0; i < frame; ++i) scene.advance(1.0 / 60.0, stream);
}

HostImage renderOffline(Scene& scene, int variant, Size2 size, cudaStream_t stream) {
    FrameLoop loop(scene, nullptr, nullptr, stream);
    loop.setHeadlessSize(size.width, size.height);
    FrameControls controls;
    controls.variant = variant;
    controls.paused = true;
    controls.raceMeter = false;
    loop.runFrame(controls);
    return loop.lastFramePixels();
}

}  // namespace racelab
