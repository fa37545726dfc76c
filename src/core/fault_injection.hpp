// Faults on demand, so that the paths that handle them can be tested instead of trusted:
//   - every n-th GPU allocation refused as if the GPU were out of memory (RACELAB_FAIL_GPU_ALLOC=n in the
//     environment, or setGpuAllocationFailureEvery from a test);
//   - the CUDA-GL interop registration refused (view/bench --simulate-interop-failure), which must end in
//     the staging presenter;
//   - cuFFT failing (RACELAB_FAIL_CUFFT=load: the library as if missing; =plan: plan creation refused),
//     which must end in the plain DFT with the reason on the panel and in bench;
//   - the circle renderer's pair buffer holding at most N pairs (RACELAB_CIRCLE_PAIR_CAPACITY=N, or
//     circlePairCapacity from a test), as when an animated scene outgrows it: the renderer must then walk
//     every circle per tile and draw the same pixels;
//   - the circle renderer's path forced (RACELAB_CIRCLES_PATH=binned|every|listed, or circlesPath) and its tile
//     render's pixels a thread (RACELAB_CIRCLES_PIXELS_PER_THREAD=1|2, or circlesPixelsPerThread): not
//     faults but paths a scene would not take by itself, forced so that they can be tested (every path must
//     draw the same pixels) and timed against each other; read when a scene makes its GPU half;
//   - a video file's disk filling up (RACELAB_FAIL_VIDEO_WRITE=N: every write after the first N bytes fails
//     with ENOSPC) and a video encoder missing from libavcodec (RACELAB_FAIL_VIDEO_ENCODER=1), which must end
//     the recording with a clear message while the viewer goes on.
#pragma once
#include <functional>
#include <string>

namespace racelab {

enum class CufftFault { None, Load, Plan };

struct FaultInjection {
    int failGpuAllocationEvery = 0;  // 0: never
    long gpuAllocations = 0;         // requests counted so far
    bool failInterop = false;
    CufftFault failCufft = CufftFault::None;
    unsigned circlePairCapacity = 0;  // 0: as the renderer sizes it
    std::string circlesPath;          // empty: the renderer chooses from the circle count
    int circlesPixelsPerThread = 0;   // 1 or 2; 0: the renderer chooses from its path
    long long failVideoWriteAfterBytes = -1;  // -1: never
    bool failVideoEncoder = false;
};

// First use reads the variables above from the environment (faultInjectionFrom); a value that is none of those
// named throws a UsageError.
FaultInjection& faultInjection();
// The faults `variable` (a variable's value by name, null when unset) asks for.
FaultInjection faultInjectionFrom(const std::function<const char*(const char*)>& variable);
// Counts one GPU allocation request; true when this one is to fail.
bool simulatedGpuAllocationFailure();

}  // namespace racelab
