// What the kernel worker does with a user kernel, in its own CUDA context: load the cubin and check it
// against the family's contract (the launch list, the kernels' parameters and resources, the __constant__
// parameters' size), open racelab's buffers (CUDA IPC, once per size), and run one frame's launch list.
// Implemented in CUDA beside this header (kernel_executor.cu); only the worker process makes it.
#pragma once
#include <array>
#include <memory>
#include <cstdint>
#include <string>
#include <vector>

#include <optional>

#include "core/errors.hpp"
#include "userkernel/racecheck/access_report.hpp"
#include "scenes/kernel_contract.hpp"

namespace racelab::userkernel {

// A fault while running the kernel: the worker's context is unusable from here on, so the worker ends.
struct KernelFault : Error {
    using Error::Error;
};

struct LoadSpec {
    std::string label;  // the kernel file's name, for messages
    std::string parametersSymbol;
    std::size_t parametersBytes = 0;
    std::vector<std::string> sizes;  // the family's size names, for messages
};

struct LoadedKernel {
    std::vector<std::string> steps;    // the launch list's kernels, in order
    std::vector<std::string> scratch;  // the scratch buffers' pointer names
};

using IpcHandle = std::array<std::uint8_t, 64>;  // cudaIpcMemHandle_t / cudaIpcEventHandle_t, as bytes

struct IpcBuffers {
    std::vector<IpcHandle> inputs, outputs;
    IpcHandle inputsReady{};  // the event racelab records once the inputs are copied and the outputs prepared
};

struct FrameTimes {
    double kernelMs = 0;         // first launch's start to last launch's end (CUDA events in the worker)
    std::vector<double> stepMs;  // each launch
    std::vector<long long> guardDamage;  // per output: bytes written past its end (into its guard)
    std::vector<double> eventStepMs;     // whole-file solutions: each call's time by CUDA events
    double imageMs = 0;                  // whole-file solutions: getImage and the image's copy to racelab
    std::string note;                    // what the worker did beyond the launch list (a counted buffer grown, the frame run again)
    std::optional<AccessReport> accesses;  // an instrumented build's findings (check --races, --checked)
};

// An instrumented whole-file solution's library's own entries (userkernel/build/whole_file_instrumented.hpp):
// racelabSetHostHooks (racelab/host_hooks_abi.cuh) and racelabSetAccessConfig (racelab/access_check.cuh), as
// addresses (this header has no CUDA types), and the checks it was built with; what its build's sites table
// says it needs (AccessSites::partialWarpSyncs, ordersBlocks), from racelab. All empty for a plain build.
struct WholeFileAccessEntries {
    void* setHostHooks = nullptr;
    void* setAccessConfig = nullptr;
    unsigned mode = 0;
    bool warpClocks = false, orderBlocks = false;
};

// A whole-file solution's calls (whole_file_solution.hpp), in the order the course's harness makes them each
// frame. Each throws Error when the solution reports a failure (a C++ exception of its own).
class WholeFileCalls {
public:
    virtual ~WholeFileCalls() = default;
    virtual void clearImage() = 0;
    virtual void advanceAnimation() = 0;
    virtual void render() = 0;
    // The course's getImage(): RGBA floats in host memory, `width` x `height`.
    virtual const float* image(int& width, int& height) = 0;
    virtual const std::string& label() const = 0;
};

class KernelExecutor {
public:
    virtual ~KernelExecutor() = default;
    // Throws Error (a contract broken: a message for the user) or KernelFault.
    virtual LoadedKernel load(const std::vector<std::uint8_t>& cubin, const LoadSpec& spec) = 0;
    virtual void openBuffers(const IpcBuffers& buffers) = 0;
    // Waits for racelab's inputs, runs the launch list and waits for it. Throws KernelFault when it faulted.
    virtual FrameTimes runFrame(const KernelFrame& frame) = 0;
    // A whole-file solution's frame as the course's harness runs it: clearImage, `advances` x advanceAnimation
    // (0 while racelab's scene stands still), render, each timed by the wall clock up to a device synchronize
    // (the course's measure: stepMs, kernelMs their sum) and by CUDA events (eventStepMs); then getImage into
    // racelab's output 0 (which racelab prepared before asking). Throws KernelFault when the solution faulted.
    virtual FrameTimes runWholeFileFrame(WholeFileCalls& calls, int advances, const KernelFrame& frame) = 0;
    // racelab's own part of a whole-file frame, alone (whole_file_frame.hpp's wakeWorker): what racelab times,
    // before any of a solution's code is loaded, as its share of a frame's round trip (docs/GRADING.md).
    virtual void idleFrame() = 0;
    // A whole-file solution's library has just opened: an instrumented one's checks attach (its allocations and
    // launches are seen from here on: whole_file_checks.hpp), a plain one's nothing.
    virtual void attachWholeFile(const WholeFileAccessEntries& entries, const std::string& label) = 0;
    // Before a whole-file solution may free its image (a new scene or size: allocOutputImage again): the pages
    // runWholeFileFrame page-locked are let go, so that a new buffer at the same address is not read through
    // the old one's pinning.
    virtual void releaseImage() = 0;
};

// The worker's executor. Throws throwNoCudaBuild()'s error in a build without CUDA (worker/gpu_absent.cpp).
std::unique_ptr<KernelExecutor> makeKernelExecutor();

}  // namespace racelab::userkernel
