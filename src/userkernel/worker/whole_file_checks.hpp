// An instrumented whole-file solution's access checks in the worker (check --races, find the race, the pixel
// inspector on a whole file). Its library was built with racelab's hooks in its host code (racelab/
// host_hooks.cuh, userkernel/build/whole_file_instrumented.hpp): from the moment it opens, every buffer it
// allocates and frees is seen here, and every launch reaches beforeLaunch before it starts. In a frame, the
// buffers it holds are the checked ones, each with its shadow, and each launch gets the checks' configuration
// on its own stream through the library's racelabSetAccessConfig, as a launch list's does
// (access_checks.hpp); outside a frame (setup) a launch is let through unchecked. The buffer of the frame's
// image size is taken as the picture (its racing words are the racing pixels, and the inspector's pixel lies
// in it). Host code only; implemented in CUDA beside it.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "userkernel/racecheck/device/racelab/host_hooks_abi.cuh"
#include "userkernel/worker/access_checks.hpp"
#include "userkernel/worker/kernel_executor.hpp"

namespace racelab::userkernel {

class WholeFileChecks {
public:
    // `entries`: the library's (WholeFileAccessEntries); the hooks are installed here and taken out when it
    // ends. Inactive (and nothing installed) for a plain build.
    WholeFileChecks(AccessChecks& checks, const WholeFileAccessEntries& entries, cudaStream_t stream, const std::string& label);
    ~WholeFileChecks();
    WholeFileChecks(const WholeFileChecks&) = delete;
    WholeFileChecks& operator=(const WholeFileChecks&) = delete;

    bool active() const { return active_; }
    // Before the frame's calls: the buffers the solution holds now, checked; the traced pixel, where asked.
    void beginFrame(const KernelFrame& frame);
    // After them (the device synchronized): the frame's findings. Throws Error where a hook failed (racelab's
    // fault, said so).
    AccessReport endFrame();
    // When the frame's calls ended early (the solution failed or faulted): the frame is over, and a hook's own
    // failure, which may be why, is the message ("" when none).
    std::string abandonFrame();

private:
    static void onLaunch(void* context, const RacelabLaunchFacts* launch);
    static void onAllocated(void* context, const void* pointer, std::size_t bytes);
    static void onFreeing(void* context, const void* pointer);

    struct Allocation {
        std::size_t bytes = 0;
        int number = 0;  // the solution's allocations counted from 1, for the buffers' names
    };

    AccessChecks& checks_;
    WholeFileAccessEntries entries_;
    cudaStream_t stream_;
    bool active_ = false, inFrame_ = false;
    std::map<const void*, Allocation> allocations_;
    int allocated_ = 0;
    std::string hookError_;  // the first error in a hook, thrown at the frame's end (never across the solution)
    cudaStream_t lastStream_ = nullptr;  // the stream of the last launch seen (the legacy default one at first)
};

}  // namespace racelab::userkernel
