// view --soak SECONDS: drives the real viewer the way a long class would -- every scene, variant and comparison view in
// turn, window resizes, minimize and restore, recording (timings and video) on and off, so videos go on across
// scene switches, resizes and minimizing; with --kernel, the user's kernel is reloaded every 2 s as if saved, so a
// faulting one faults, and its worker is replaced, again and again -- and reports what could leak or
// break: GL errors, refused scene switches, and resident and GPU memory at the start, at the end, and each time
// a cycle through every scene is back at its first scene and has drawn it. Memory is judged only between those
// samples: what a process holds depends on the scene on screen (1,000 planes hold GBs), the window's size and a
// recording's encoder, so each sample is of the same scene at the same point of the cycle, at the first window
// size and with no recording in flight (the soak puts them so when a cycle comes back): like with like.
// It fails (exit 1) on any GL error; on any error a scene or frame raised other than a missing optional
// input (no --image, a mesh not fetched), CUDA errors included; on a scene that never drew a frame for a
// reason other than a missing input; and on resident or GPU memory growing after the first full cycle by
// more than kSoakGrowthMiB or kSoakGrowthShare of its value then, whichever is larger, from the first cycle's
// sample to the last one's.
#pragma once
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/stopwatch.hpp"
#include "scenes/scene_registry.hpp"

namespace racelab {

inline constexpr double kSoakGrowthMiB = 64;     // allocator caches and driver pools settle within this
inline constexpr double kSoakGrowthShare = .15;

// The scenes a soak cycles through (indices into `listings`): all but those whose size is the point
// (PresetInfo::heavy, e.g. 10,000 planes: 37 GB at 720p) and, on the cpu backend, those that take seconds a
// frame there (PresetInfo::slowOnCpu).
// With `family` (a soak with --kernel), only that family's scenes: the kernel's variant is in every one of them.
std::vector<int> soakSceneIndices(const std::vector<SceneListing>& listings, Backend backend, const std::string& family = "");

struct SoakStep {
    bool finished = false;
    bool reloadKernel = false;  // as if the user kernel's file were saved: a faulted kernel is run again
    bool nextScene = false, nextVariant = false, nextView = false, toggleRecording = false, minimize = false,
         restore = false;
    int resizeWidth = 0, resizeHeight = 0;  // 0: keep
};

class SoakDriver {
public:
    SoakDriver(double seconds, std::vector<std::string> scenes);
    SoakStep step();  // once per frame
    void countFrame(const std::string& scene);  // a frame of `scene` was drawn
    void countGlError(unsigned error);
    // `scene` could not start or draw; `missingInput`: it needs an optional input this machine lacks.
    void countRefusal(const std::string& scene, const std::string& why, bool missingInput);
    void printMemory(const char* when);
    // The final report; the exit code: 0 when nothing went wrong that should not.
    int finish();

private:
    bool growthWithinBound(const char* what, double cycled, double now) const;

    double seconds_;
    std::vector<std::string> scenes_;
    int sceneCount_;
    std::set<std::string> shown_;                  // scenes that drew at least one frame
    std::map<std::string, std::string> refusedBy_;  // scene -> the last reason it was refused
    std::set<std::string> missingInput_;           // scenes refused for a missing optional input
    Stopwatch clock_;
    double nextScene_ = 1.5, nextVariant_ = .5, nextView_ = 1.1, nextResize_ = 3, nextMinimize_ = 7, nextRecording_ = 5, nextReport_ = 60,
           nextKernelReload_ = 2;
    double restoreAt_ = -1;  // when the minimized window comes back; < 0 while it is not minimized
    int resizeIndex_ = 0;
    long frames_ = 0, glErrors_ = 0, refusals_ = 0, errors_ = 0, switches_ = 0, resizes_ = 0, minimizes_ = 0,
         recordings_ = 0;
    bool cycled_ = false;      // every scene was switched to once
    bool sampleDue_ = false;   // a cycle just came back to scenes_[0]: sample once it has drawn
    double sampleAfter_ = 0;   // and no sooner than this (seconds)
    bool recording_ = false;   // a recording is on (the soak's own toggles)
    int cycleSamples_ = 0;
    double startRss_ = 0, startGpu_ = 0, cycledRss_ = 0, cycledGpu_ = 0, lastRss_ = 0, lastGpu_ = 0;
};

}  // namespace racelab
