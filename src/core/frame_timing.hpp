// The stage times of one frame, as the frame loop measures them (milliseconds).
#pragma once
#include <array>
#include <string>

namespace racelab {

struct FrameTiming {
    double frameMs = 0;    // whole frame, steady_clock
    double kernelMs = 0;   // GPU time of the scene's kernels (CUDA events); CPU render time on the cpu backend
    double mapMs = 0;      // cudaGraphicsMapResources + pointer query (interop)
    double unmapMs = 0;    // unmap (interop-pbo), map + copy into the texture + unmap (interop-texture), or
                           // device-to-host copy (staging)
    double uploadMs = 0;   // PBO -> texture (and host -> PBO for staging/cpu), finished with glFinish
    double presentMs = 0;  // blit + UI + swap
    // Not a stage: the host's time issuing the scene's GPU work (its host code, the graph's capture, update and
    // launch, or the launches), steady_clock. One frame at a time the kernel stage's start event is recorded
    // before it, so the kernel stage includes it: for a light scene it can be most of that stage.
    double issueMs = 0;
};

// Names and accessors in the one order every table, CSV and JSON uses.
inline constexpr std::array<const char*, 6> kStageNames = {"frame", "kernel", "map", "unmap", "upload", "present"};
inline double stageValue(const FrameTiming& t, std::size_t stage) {
    const double values[] = {t.frameMs, t.kernelMs, t.mapMs, t.unmapMs, t.uploadMs, t.presentMs};
    return values[stage];
}

}  // namespace racelab
