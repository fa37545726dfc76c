// check --sanitize: the user's kernel run under compute-sanitizer, each report mapped to the kernel's own
// FILE:LINE (judge/sanitizer_report.hpp). Only the kernel's worker runs under the tool (as its launcher,
// userkernel/worker_process.hpp): racelab's own kernels in this process are not instrumented, so the run is
// as slow as the user's kernel alone makes it, and every report is about the user's code.
#pragma once
#include <string>

#include <vector>

#include "app/commands.hpp"
#include "judge/sanitizer_report.hpp"

namespace racelab {

// compute-sanitizer's path: $RACELAB_COMPUTE_SANITIZER, else on PATH, else in the building toolkit's bin
// folder or /usr/local/cuda/bin; "" when none is found.
std::string findComputeSanitizer();

struct SanitizerRun {
    std::vector<judge::SanitizerFinding> findings;  // the reports naming the kernel's file
    std::string log;       // the tool's whole text log
    bool finished = false;  // the log ends with the tool's summary
    std::string failure;   // the frame's own failure (a fault), when it failed
};
// One frame of `selection`'s kernel (its own variant) with its worker under `sanitizer` --tool `tool`.
SanitizerRun runKernelUnderSanitizer(const std::string& sanitizer, const std::string& tool, const SceneSelection& selection);

// One frame of `selection`'s kernel under memcheck (out of bounds, misaligned, faults) and one under
// racecheck (shared-memory hazards), with the findings printed; true when both ran and found nothing in the
// kernel's file. Where compute-sanitizer is missing it says so and how to get it, and returns false.
bool sanitizeKernel(const SceneSelection& selection);

}  // namespace racelab
