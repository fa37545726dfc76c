// The parts of `bench --suite` that decide rather than measure: which presets --filter picks, whether a preset
// that threw cannot run here (an optional input missing, too little free memory) or failed, and the suite's
// JSON record. runSuite (cmd_bench.cpp) runs the presets.
#pragma once
#include <exception>
#include <string>
#include <vector>

#include "app/commands.hpp"

namespace racelab {

// The presets whose names match any of `patterns` (fnmatch globs: `circles/*`, `*/default`), in `presets`'
// order; every preset when `patterns` is empty. Throws UsageError naming the pattern when one matches nothing
// (a typo should not shrink the suite silently).
std::vector<std::string> selectPresets(const std::vector<std::string>& presets, const std::vector<std::string>& patterns);

struct SuiteOutcome {
    enum class Kind { Ran, CannotRunHere, Failed };
    std::string scene;
    Kind kind = Kind::Ran;
    std::string reason;     // CannotRunHere / Failed: why, from the scene's own error
    std::string runFields;  // Ran: TimingRecorder::runFieldsJson of the run
};

// Sorts an error a preset threw: MissingInputError and InsufficientMemoryError mean the preset cannot run on
// this machine with these options (the reason says which and what to do); anything else is a failure.
SuiteOutcome classifySuiteError(const std::string& scene, std::exception_ptr error);

// The suite's record: format, provenance, "command" (the command line as app/bench_record.hpp writes it),
// "limits" (`limitsJson`, measured once before the presets), the suite's options, then "runs" (one object per
// preset that ran), "cannot_run" and "failed" (scene and reason each).
std::string suiteJson(const BenchOptions& options, const std::vector<SuiteOutcome>& outcomes,
                      const std::string& command, const std::string& limitsJson);

// 0 when every preset that could run here ran, 1 when any failed.
int suiteExitCode(const std::vector<SuiteOutcome>& outcomes);

}  // namespace racelab
