#include "app/bench_kernels.hpp"

#include <cstdio>
#include <sstream>

#include "core/interrupt.hpp"
#include "core/json_text.hpp"
#include "core/scoped_enabled.hpp"
#include "core/stats.hpp"

namespace racelab {

KernelTable timeKernels(FrameLoop& loop, const FrameControls& controls, long frames, bool onGpu) {
    KernelTable table;
    if (!onGpu || frames <= 0) return table;
    KernelTiming& timing = KernelTiming::instance();
    timing.clear();
    std::vector<double> kernelMs;
    {
        const ScopedEnabled<KernelTiming> timed(timing, true);
        for (long i = 0; i < frames && !interruptSignal(); ++i) {
            kernelMs.push_back(loop.runFrame(controls).kernelMs);  // waits for the frame's kernels
            timing.closeFrame();
        }
    }
    table.frames = timing.framesTimed();
    table.kernelStageP50Ms = summarize(kernelMs).p50;
    table.steps = timing.summary();
    timing.clear();
    return table;
}

void printKernelTable(const KernelTable& table) {
    if (table.steps.empty()) return;
    std::printf("  per step (%ld more frames with CUDA events around every named step; their kernel stage: median "
                "%.4f ms):\n", table.frames, table.kernelStageP50Ms);
    std::printf("    %-40s %11s %11s %9s %7s\n", "step", "calls/frame", "median us", "p95 us", "share");
    for (const KernelStat& s : table.steps) {
        const double share = table.kernelStageP50Ms > 0 ? 100.0 * s.p50Us / (1000.0 * table.kernelStageP50Ms) : 0.0;
        std::printf("    %-40s %11.1f %11.2f %9.2f %6.0f%%\n", s.name.c_str(), s.callsPerFrame, s.p50Us, s.p95Us, share);
    }
}

std::string kernelTableJson(const KernelTable& table) {
    std::ostringstream json;
    json.precision(6);
    json << "{\"frames\": " << table.frames << ", \"kernel_stage_p50_ms\": " << table.kernelStageP50Ms << ", \"steps\": [";
    for (std::size_t i = 0; i < table.steps.size(); ++i) {
        const KernelStat& s = table.steps[i];
        json << (i ? ", " : "") << "{\"name\": " << jsonQuoted(s.name) << ", \"calls_per_frame\": " << s.callsPerFrame
             << ", \"p50_us\": " << s.p50Us << ", \"p95_us\": " << s.p95Us << "}";
    }
    json << "]}";
    return json.str();
}

}  // namespace racelab
