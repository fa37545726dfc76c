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
};

// Names and accessors in the one order every table, CSV and JSON uses.
inline constexpr std::array<const char*, 6> kStageNames = {"frame", "kernel", "map", "unmap", "upload", "present"};
inline double stageValue(const FrameTiming& t, std::size_t stage) {
    const double values[] = {t.frameMs, t.kernelMs, t.mapMs, t.unmapMs, t.uploadMs, t.presentMs};
    return values[stage];
}

}  // namespace racelab
