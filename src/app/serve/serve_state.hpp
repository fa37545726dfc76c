// The JSON texts `racelab serve` sends the page (web/serve_panel.js reads them):
//   the greeting, once a client: {"type":"hello", scenes, views, maxSize, backend, presenter, surface, keys}
//   the state, ten times a second: {"type":"state", frame, scene, variants, variant, racyVariant, paused, view,
//     wipe, heatFrames, raceMeter, race{...}, params[...], times{frameMs[], kernelMs[], frame{p50,p99},
//     kernel{p50,p99}}, size, backend, presenter, status, stats, encodeMs, dropped,
//     video{encoder, stopped, kbps, keyFrames}, and with --kernel
//     kernel{file, state, message, output, compileMs, builds, kernelMs, handoffMs, frames, failedFrames,
//     check{ran, report, passed}, race{stage, findings, racingPixels, truncated, elsewhere, stale, width, height,
//     inspected[x, y], inspection}}}
// Every name and message from a scene or the user goes through the JSON writer, which escapes it.
#pragma once
#include <string>
#include <vector>

#include "core/size_parse.hpp"
#include "frame/frame_controls.hpp"
#include "frame/frame_judgement.hpp"
#include "scenes/scene.hpp"
#include "ui/frame_graph.hpp"
#include "ui/race_finder_view.hpp"
#include "web/frame_publisher.hpp"

namespace racelab {

namespace userkernel {
class UserKernel;
}

// The frame-time graph's window: the last N frames (the viewer's graph shows FrameHistory::kFrames).
inline constexpr std::size_t kStateTimeSamples = 240;

struct ServeFacts {
    long frame = 0;
    Size2 size;
    std::string backend, presenter, status;
    double encodeMs = 0;
    long dropped = 0;  // frames replaced before a client or the encoder took them
    web::VideoStatus video;  // the H.264 stream: its encoder, or why it stopped; its rate
};

struct ServeStateView {
    const Scene& scene;
    const FrameControls& controls;
    const RaceReading& race;
    const FrameHistory& history;
    const std::vector<std::string>& sceneNames;
    ServeFacts facts;
    const userkernel::UserKernel* kernel = nullptr;  // --kernel: its status goes in "kernel"
    const KernelCheckResult* check = nullptr;        // the last check, in "kernel"
    const RaceFinderView* races = nullptr;           // find the race, in "kernel"
};

std::string greetingJson(const std::vector<std::string>& sceneNames, Size2 maxSize, const std::string& backend,
                         const std::string& presenter, const std::string& surface);
std::string stateJson(const ServeStateView& view);

}  // namespace racelab
