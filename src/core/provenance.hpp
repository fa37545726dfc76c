// Where a measurement comes from: the build (version, git commit, dirty tree, build type, compiler), the GPU
// (name, compute capability, peak clocks, CUDA runtime and driver, which kernel code runs), the host CPU, and
// when. Every JSON record racelab writes (bench --json, the viewer's recording summary) carries it as its
// "provenance" object, so a number is always tied to a commit and a device; tools/bench-compare reads it to
// say when two records are not like with like.
#pragma once
#include <ctime>
#include <string>

namespace racelab {

struct Provenance {
    std::string racelabVersion;  // CMake's PROJECT_VERSION
    std::string gitCommit;       // `git rev-parse HEAD` at the last build, "unknown" outside a checkout
    std::string gitDirty;        // "true" when `git status --porcelain` listed anything, "false", or "unknown"
    std::string buildType;       // Release, Debug, ...
    std::string compiler;        // "GNU 12.2.0"
    std::string cudaRuntime = "none", cudaDriver = "none";  // "13.0"; the driver's supported CUDA version
    std::string device = "none", computeCapability = "none";
    int smClockPeakMHz = 0, memoryClockPeakMHz = 0;  // rated peak (cudaDevAttr*ClockRate), 0: no device
    std::string gpuCode;         // which kernel code the device runs (core/kernel_image.hpp)
    std::string hostCpu = "unknown";  // /proc/cpuinfo "model name"
    unsigned hostThreads = 0;
    std::string dateUtc;         // "2026-11-22T11:52:03Z", when the record was written
};

// This process's provenance; the build and device facts are gathered once, the date every call.
Provenance currentProvenance();
// The provenance as a JSON object; lines after the first are indented by `indent` spaces. Missing facts are
// written as the string "none" (or "unknown"), never left out, so every record has the same keys.
std::string provenanceJson(const Provenance& provenance, int indent);
// ISO-8601 UTC with seconds: "2026-11-22T11:52:03Z".
std::string isoDateUtc(std::time_t when);
// The "model name" line of a /proc/cpuinfo text ("unknown" when there is none, e.g. on many ARM kernels).
std::string cpuModelFromCpuinfo(const std::string& cpuinfo);

}  // namespace racelab
