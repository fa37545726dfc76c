// view without a display: the same frame loop on an EGL device context (or without GL when that is
// impossible too), timings recorded like the window's, a video (--video) of every frame, and the last frame
// saved as a PNG.
#include <cstdio>
#include <memory>

#include "frame/offline_frame.hpp"
#include "app/headless_session.hpp"
#include "app/viewer/viewer.hpp"
#include "app/viewer/viewer_video.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/image_io.hpp"
#include "core/interrupt.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"
#include "core/timing_recorder.hpp"
#include "present/headless_egl.hpp"

namespace racelab {

int runHeadlessInstead(const ViewOptions& options, PreparedScene& prepared, const std::string& why) {
    const long frames = options.frames > 0 ? options.frames : 120;
    const std::string out = options.screenshot.empty() ? "racelab-headless.png" : options.screenshot;
    requireWritable(out);
    std::printf("racelab view: %s; rendering %ld frames of %s headless instead\n", why.c_str(), frames,
                prepared.scene->name().c_str());
    if (!options.presses.empty() || !options.inspect.empty())
        std::printf("  --press and --inspect act on the window's keys and panel: not here (check --races --pixel X,Y "
                    "finds the race and lists a pixel's accesses without a display)\n");
    HeadlessSession session(prepared, presentModeFor(options.present), HeadlessGl::WhereAvailable);
    if (session.surface())
        std::printf("  %s, presenter %s\n", session.surface()->description().c_str(), session.presenterName().c_str());
    else
        std::printf("  no headless GL context (%s); rendering without GL\n", session.glNote().c_str());
    FrameLoop& loop = session.loop();
    std::unique_ptr<TimingRecorder> recorder;
    if (!options.record.empty()) recorder = std::make_unique<TimingRecorder>(options.record);
    FrameControls controls = comparisonControls(options.comparison, prepared.variant);
    RunLabels labels{prepared.scene->name(), prepared.scene->variants()[static_cast<std::size_t>(prepared.variant)].name, backendName(prepared.backend),
                     session.presenterName(), prepared.size.width, prepared.size.height};
    // No window to keep responsive: every frame is read back and recorded (the scene's pixels, no panel).
    std::unique_ptr<VideoWriter> video;
    if (!options.video.empty())
        video = std::make_unique<VideoWriter>(options.video, VideoSettings{options.videoFps}, QueuePolicy::Wait);
    Stopwatch clock;
    std::vector<double> frameMs;
    std::string recordingError;
    for (long i = 0; i < frames && !interruptSignal(); ++i) {
        FrameTiming t = loop.runFrame(controls);
        if (video) {
            VideoFrame frame = video->takeBuffer();
            HostImage pixels = loop.lastFramePixels();
            frame.rgba = std::move(pixels.pixels);
            frame.width = pixels.width;
            frame.height = pixels.height;
            frame.index = i;
            frame.seconds = clock.ms() / 1000.0;
            video->submit(std::move(frame));
            if (!video->error().empty()) throw Error(video->error());
        }
        frameMs.push_back(t.frameMs);
        if (recorder) recorder->add(i, 0, t, labels);
        if (recorder && recordingError.empty()) {
            recordingError = recorder->takeFileError();
            if (!recordingError.empty()) std::fprintf(stderr, "racelab: %s; rendering goes on\n", recordingError.c_str());
        }
    }
    if (interruptSignal()) std::printf("  interrupted (signal %d) after %zu frames\n", interruptSignal(), frameMs.size());
    if (frameMs.empty()) return interruptedExitCode();
    writePng(loop.lastFramePixels(), out);
    Summary s = summarize(frameMs);
    std::printf("  frame median %.3f ms (%.1f FPS); race meter %s; last frame saved to %s\n", s.p50,
                s.p50 > 0 ? 1000.0 / s.p50 : 0.0,
                loop.race().valid             ? (std::to_string(loop.race().percent()) + " % differing").c_str()
                : !loop.race().notDrawn.empty() ? ("not measured, no frame drawn (" + loop.race().notDrawn + ")").c_str()
                                                : "n/a",
                out.c_str());
    if (recorder) recorder->writeSummaryJson(TimingRecorder::summaryPathFor(options.record), labels);
    if (video) {
        video->finish();
        std::printf("  video: %s, %ld frames, %s\n", video->path().c_str(), video->framesWritten(),
                    formatBytes(video->bytesWritten()).c_str());
    }
    if (interruptSignal()) return interruptedExitCode();
    return recordingError.empty() ? 0 : 2;
}

}  // namespace racelab
