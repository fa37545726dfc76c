// bench's per-kernel table: after the measured frames, the same scene runs some more with per-kernel timing on
// (core/kernel_timing.hpp: CUDA events around every named step of the launch layer), so that the events never
// weigh on the frames measured. Each step's time per frame (median, p95), its launches per frame and its share
// of those frames' kernel stage.
#pragma once
#include "frame/frame_loop.hpp"
#include "core/kernel_timing.hpp"

namespace racelab {

struct KernelTable {
    long frames = 0;            // frames timed step by step
    double kernelStageP50Ms = 0;  // the kernel stage of those frames, median
    std::vector<KernelStat> steps;
};

// Runs `frames` frames of `loop` with per-kernel timing on (cuda backend; an empty table otherwise).
KernelTable timeKernels(FrameLoop& loop, const FrameControls& controls, long frames, bool onGpu);
void printKernelTable(const KernelTable& table);
// The table as a JSON object ("frames", "kernel_stage_p50_ms", "steps": [{name, calls_per_frame, p50_us,
// p95_us}]), for the record.
std::string kernelTableJson(const KernelTable& table);

}  // namespace racelab
