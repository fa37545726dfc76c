// Renders frame F of a scene without GL (render and check): F animation steps, then one frame on the
// scene's backend, read back to the host.
#pragma once
#include "frame/comparison_options.hpp"
#include "frame/frame_loop.hpp"
#include "core/host_image.hpp"
#include <functional>
#include <string>
#include <vector>
#include "core/size_parse.hpp"
#include "scenes/scene.hpp"

namespace racelab {

void advanceTo(Scene& scene, long frame, cudaStream_t stream);
// An animated scene made again from its start and advanced to `frame` (after frames that moved it on, or one drawn
// from its start); a still scene is left as it is.
void rewindTo(Scene& scene, long frame, cudaStream_t stream);
HostImage renderOffline(Scene& scene, int variant, Size2 size, cudaStream_t stream);
// Timed frames of `variant` through the frame loop: `warmup` untimed, then `runs` runs of `frames` each. With
// `moving`, an animated scene moves on a step a frame after the first, as the course's benchmark draws frames
// 0 to 3 (the steps' work then counts in the frame); else every frame draws the scene's current frame. Each
// run's mean of what `sample` reads from its frames; grade's measure takes the least (judge::TimingMeasure).
// `afterTimedFrame`, where given, sees the loop after each timed frame (grade judges each frame of a still
// column there); what it does is outside every sample.
struct TimedRuns {
    std::vector<double> runMeansMs;
    double least() const;  // 0 when no run was timed
};
TimedRuns timeRuns(Scene& scene, int variant, Size2 size, int warmup, int runs, int frames, bool moving,
                   cudaStream_t stream, const std::function<double(const FrameTiming&)>& sample,
                   const std::function<void(FrameLoop&)>& afterTimedFrame = {});

// The frame loop's controls for `variant` shown in the comparison view the command line asked for.
FrameControls comparisonControls(const ComparisonOptions& options, int variant);

// A comparison view drawn offline: `frames` frames through the frame loop (the first at the scene's current
// frame, each later one advancing a step unless `controls.paused`), the last one read back with its race reading.
struct OfflineView {
    HostImage image;
    RaceReading race;
};
OfflineView renderOfflineView(Scene& scene, const FrameControls& controls, Size2 size, int frames, cudaStream_t stream);

// The heat view counts the frames before --frame too: the scene is prepared from `firstFrame` and
// `framesToRun` frames are drawn so that the last is --frame (a still scene draws the window at one frame).
struct ComparisonSpan {
    long firstFrame;
    int framesToRun;
};
ComparisonSpan comparisonSpan(const ComparisonOptions& options, long frame);
// The reading as one line, e.g. "good vs bad: 1234 of 1048576 pixels differ (0.118 %); lost updates: ...".
std::string describeRace(const Scene& scene, const RaceReading& race);

}  // namespace racelab
