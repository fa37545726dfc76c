#include "frame/offline_frame.hpp"

#include "frame/frame_loop.hpp"
#include "frame/race_view.hpp"
#include <algorithm>
#include <cstdio>

#include "core/errors.hpp"
#include "core/stats.hpp"

namespace racelab {

void advanceTo(Scene& scene, long frame, cudaStream_t stream) {
    if (frame < 0) throw UsageError("--frame must be >= 0");
    if (!scene.animated()) return;
    for (long i = 0; i < frame; ++i) scene.advance(kFixedStepSeconds, stream);
}

void rewindTo(Scene& scene, long frame, cudaStream_t stream) {
    if (!scene.animated()) return;
    scene.reset();
    advanceTo(scene, frame, stream);
}

namespace {

// `variant` drawn again and again at the scene's current frame (paused), without the race meter.
FrameControls stillFrame(int variant) {
    FrameControls controls;
    controls.variant = variant;
    controls.paused = true;
    controls.raceMeter = false;
    return controls;
}

}  // namespace

HostImage renderOffline(Scene& scene, int variant, Size2 size, cudaStream_t stream) {
    FrameLoop loop(scene, nullptr, nullptr, stream);
    loop.setHeadlessSize(size.width, size.height);
    loop.runFrame(stillFrame(variant));
    return loop.lastFramePixels();
}

double TimedRuns::least() const {
    return runMeansMs.empty() ? 0.0 : *std::min_element(runMeansMs.begin(), runMeansMs.end());
}

TimedRuns timeRuns(Scene& scene, int variant, Size2 size, int warmup, int runs, int frames, bool moving,
                   cudaStream_t stream, const std::function<double(const FrameTiming&)>& sample,
                   const std::function<void(FrameLoop&)>& afterTimedFrame) {
    FrameLoop loop(scene, nullptr, nullptr, stream);
    loop.setHeadlessSize(size.width, size.height);
    FrameControls controls = stillFrame(variant);
    controls.paused = !moving || !scene.animated();
    TimedRuns timed;
    for (int i = 0; i < warmup; ++i) loop.runFrame(controls);
    for (int run = 0; run < runs; ++run) {
        double sum = 0;
        for (int f = 0; f < frames; ++f) {
            sum += sample(loop.runFrame(controls));
            if (afterTimedFrame) afterTimedFrame(loop);
        }
        if (frames > 0) timed.runMeansMs.push_back(sum / frames);
    }
    return timed;
}

FrameControls comparisonControls(const ComparisonOptions& options, int variant) {
    FrameControls controls;
    controls.variant = variant;
    controls.view = parseRaceView(options.view);
    controls.wipe = options.wipe;
    controls.heatFrames = std::clamp(options.heatFrames, 1, kMaxHeatFrames);
    return controls;
}

OfflineView renderOfflineView(Scene& scene, const FrameControls& controls, Size2 size, int frames, cudaStream_t stream) {
    FrameLoop loop(scene, nullptr, nullptr, stream);
    loop.setHeadlessSize(size.width, size.height);
    FrameControls c = controls;
    c.paused = c.paused || !scene.animated();
    for (int i = 0; i < std::max(frames, 1); ++i) loop.runFrame(c);
    return {loop.lastFramePixels(), loop.race()};
}

ComparisonSpan comparisonSpan(const ComparisonOptions& options, long frame) {
    if (parseRaceView(options.view) != RaceView::Heat) return {frame, 1};
    const long first = std::max(0L, frame - (options.heatFrames - 1));
    return {first, static_cast<int>(frame - first + 1)};
}

std::string describeRace(const Scene& scene, const RaceReading& race) {
    std::string out;
    char line[256];
    if (race.valid) {
        const auto& v = scene.variants();
        std::snprintf(line, sizeof line, "%s vs %s: %ld of %ld pixels differ (%.3f %%)",
                      v[static_cast<std::size_t>(race.good)].name.c_str(), v[static_cast<std::size_t>(race.racy)].name.c_str(),
                      race.differing, race.total, race.percent());
        out += line;
    }
    if (race.heatFrames > 0) {
        std::snprintf(line, sizeof line, " over the last frame; heat map of %d frames", race.heatFrames);
        out += line;
    }
    if (race.exact) {
        std::snprintf(line, sizeof line, "%s%s: %lld of %lld", out.empty() ? "" : "; ", race.exact->what.c_str(),
                      race.exact->lost, race.exact->of);
        out += line;
    }
    return out;
}

}  // namespace racelab
