#include "app/bench_throughput.hpp"

#include <cstdio>
#include <sstream>
#include <vector>

#include "core/interrupt.hpp"
#include "core/stats.hpp"
#include "core/stopwatch.hpp"

namespace racelab {

ThroughputResult timeInFlight(FrameLoop& loop, const FrameControls& controls, int inFlight, long frames, long warmup) {
    ThroughputResult t;
    if (inFlight < 1 || frames <= 0) return t;
    t.framesInFlight = inFlight;
    std::vector<double> kernelMs;
    loop.setFramesInFlight(inFlight);
    try {
        for (long i = 0; i < warmup && !interruptSignal(); ++i) loop.runFrame(controls);
        Stopwatch clock;
        for (long i = 0; i < frames && !interruptSignal(); ++i) {
            const FrameTiming timing = loop.runFrame(controls);
            if (timing.kernelMs > 0) kernelMs.push_back(timing.kernelMs);  // 0: an earlier frame's, not read yet
            ++t.frames;
        }
        loop.setFramesInFlight(1);  // waits for the frames still queued: they belong to the wall clock
        t.seconds = clock.ms() / 1000.0;
    } catch (...) {
        loop.setFramesInFlight(1);
        throw;
    }
    t.measured = t.frames > 0 && t.seconds > 0;
    if (t.measured) t.framesPerSecond = static_cast<double>(t.frames) / t.seconds;
    if (!kernelMs.empty()) t.kernelP50Ms = summarize(kernelMs).p50;
    return t;
}

void printThroughput(const ThroughputResult& t, double latencyFrameP50Ms) {
    if (!t.measured) return;
    std::printf("  latency (the table above): frames one at a time, every stage waited for: median frame %.4f ms\n",
                latencyFrameP50Ms);
    std::printf("  throughput: %d frames in flight, %ld frames in %.3f s wall clock: %.1f frames/s (%.4f ms a frame); "
                "kernel median %.4f ms (events read late), frame minus kernel %.4f ms\n",
                t.framesInFlight, t.frames, t.seconds, t.framesPerSecond, t.msPerFrame(), t.kernelP50Ms,
                t.msPerFrame() - t.kernelP50Ms);
}

std::string throughputJson(const ThroughputResult& t) {
    std::ostringstream json;
    json.precision(6);
    json << "{\"frames_in_flight\": " << t.framesInFlight << ", \"frames\": " << t.frames << ", \"seconds\": " << t.seconds
         << ", \"frames_per_second\": " << t.framesPerSecond << ", \"kernel_p50_ms\": " << t.kernelP50Ms << "}";
    return json.str();
}

}  // namespace racelab
