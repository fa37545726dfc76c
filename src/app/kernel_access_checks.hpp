// check --races and --checked: what an instrumented build of the user's kernel (userkernel/ptx_instrument.hpp,
// racelab/access_check.cuh) found in the frame check just ran, printed in the user's lines
// (userkernel/access_findings.hpp). The same build drew that frame, so the check's verdict and the findings
// are about one run.
#pragma once
#include "userkernel/user_kernel.hpp"

namespace racelab {

// An instrumented frame is slower than the kernel alone (BENCHMARKS: "Finding the racing line"): its watchdog.
inline constexpr double kInstrumentedFrameSeconds = 60;

// The access checks `races` and `checked` ask for (racelab/access_check_layout.cuh's bits).
unsigned accessChecksFor(bool races, bool checked);

// Prints the findings of `kernel`'s last frame; true when it found no race and skipped no access. A
// whole-file solution is said not to be covered, and why (true: nothing was found because nothing was looked at).
// With `pixel`, every access to it follows (the pixel inspector).
bool reportAccessFindings(const userkernel::UserKernel& kernel, double secondsSinceAsked,
                          std::optional<std::pair<int, int>> pixel = std::nullopt);

}  // namespace racelab
