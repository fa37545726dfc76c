// The worker's half of an instrumented build (check --races, --checked; racelab/access_check.cuh): finds the
// build's configuration in the loaded module, gives every buffer the kernel may touch its range and, where
// races are looked for, its shadow memory; before each launch clears the shadow (a launch boundary orders
// everything) and sets the launch's configuration; after the frame reads the report back. The executor calls
// it; a plain build has no racelabAccessConfig and leaves it idle.
#pragma once
#include <cuda_runtime.h>

#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "userkernel/worker/launch_tables.hpp"  // LoadedScratch
#include "userkernel/worker/module_globals.hpp"
#include "userkernel/racecheck/access_report.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"

namespace racelab::userkernel {

struct CheckedBuffer {
    std::string name;
    const void* begin = nullptr;
    std::size_t bytes = 0;
    bool tracked = true;  // races looked for in it (racelab's inputs are read-only: bounds only)
    int output = -1;      // which of the frame's outputs it is (-1: none)
};

// What an instrumented build may touch: racelab's inputs (read-only: bounds only), its outputs (the worker's
// addresses of them) and the scratch buffers, each by the name a report gives it.
std::vector<CheckedBuffer> buffersToCheck(const KernelFrame& frame, const std::vector<void*>& inputs, const std::vector<void*>& outputs,
                                          const std::vector<LoadedScratch>& scratch);

// A launch as a whole-file solution's host code makes it (racelab/host_hooks_abi.cuh's RacelabLaunchFacts): the
// kernel's facts come from the solution's CUDA runtime, which knows its functions; the launch goes on its stream.
struct HookedLaunch {
    std::string kernel;
    dim3 grid, block;
    std::size_t dynamicShared = 0, staticShared = 0;
    int blocksPerMultiprocessor = 1;
    cudaStream_t stream = nullptr;
};

// How a whole-file solution's checks are set: through its library's racelabSetAccessConfig (access_check.cuh),
// the configuration being a variable of its module, which racelab's runtime does not see.
using AccessConfigSetter = std::function<cudaError_t(const RacelabAccessConfig*, cudaStream_t)>;

class AccessChecks {
public:
    AccessChecks() = default;
    AccessChecks(const AccessChecks&) = delete;
    AccessChecks& operator=(const AccessChecks&) = delete;
    ~AccessChecks();

    // After a module loads: whether it is instrumented, and which of its own variables it has.
    void attach(const ModuleGlobals& globals, cudaStream_t stream, const std::string& label);
    // An instrumented whole-file solution instead (its library's racelabAccessModeBuilt: `mode`); what its sites
    // table says it needs comes from its build (AccessSites::partialWarpSyncs, ordersBlocks).
    void attachWholeFile(unsigned mode, bool warpClocks, bool orderBlocks, AccessConfigSetter setter, cudaStream_t stream,
                         const std::string& label);
    bool active() const { return mode_ != 0; }

    // Before each run of a frame: the buffers (racelab's, the scratch buffers; the module's own variables are
    // added here) and an empty report.
    void beginFrame(const std::vector<CheckedBuffer>& buffers);
    // The bytes whose every access goes into the report's trace, in order (nullptr: none); before beginFrame.
    void trace(const void* begin, std::size_t bytes) { traceBegin_ = begin, traceBytes_ = bytes; }
    // Whether the report carries the outputs' racing words (KernelFrame::racingWords); before beginFrame.
    void collectRacingWords(bool on) { collectRacingWords_ = on; }
    // Before each launch, on the stream.
    void beforeLaunch(const void* function, const std::string& kernel, dim3 grid, dim3 block, std::size_t dynamicShared);
    // Before each launch of a whole-file solution in a frame (between beginFrame and report), on its stream.
    void beforeLaunch(const HookedLaunch& launch);
    // Before one of its launches outside a frame (in setup, say): checked against nothing, its accesses done.
    void beforeUncheckedLaunch(cudaStream_t stream);
    // After the frame, its stream finished.
    AccessReport report();

private:
    void release();
    void prepareMemory();  // the report and the configuration's page-locked slots, once
    void* grow(void*& memory, std::size_t& have, std::size_t need, const char* what);
    RacelabAccessConfig* nextConfigSlot(cudaStream_t stream);
    void setConfig(const RacelabAccessConfig* config, cudaStream_t stream);
    struct SharedShape {
        std::size_t words = 0, slots = 0;
    };
    void launchOn(const std::string& kernel, dim3 grid, dim3 block, SharedShape shape, cudaStream_t stream);
    SharedShape sharedShape(const void* function, dim3 block, std::size_t dynamicShared);

    unsigned mode_ = 0;
    std::string label_;
    cudaStream_t stream_ = nullptr;
    void* config_ = nullptr;  // the module's __constant__ racelabAccessConfig
    AccessConfigSetter setter_;  // a whole-file solution's way to it instead
    std::vector<CheckedBuffer> moduleVariables_;
    std::vector<CheckedBuffer> buffers_;  // this frame's, module variables included
    RacelabAccessConfig base_{};          // the frame's ranges; each launch adds its own fields
    void* shadow_ = nullptr;              // every tracked buffer's records and marks, one allocation
    std::size_t shadowBytes_ = 0;
    std::size_t recordBytes_ = 0;         // the records' part of it (cleared before each launch)
    void* epochs_ = nullptr;
    std::size_t epochBytes_ = 0;
    // The module's partial warp syncs' vector clocks and its message passing between blocks (access_check.cuh):
    // per launch, only where the sites table says the module needs them.
    bool warpClocksNeeded_ = false, orderNeeded_ = false;
    void* warpClocks_ = nullptr;
    std::size_t warpClockBytes_ = 0;
    void* order_ = nullptr;
    std::size_t orderBytes_ = 0;
    void setOrdering(RacelabAccessConfig& config, unsigned long long threads, unsigned long long blocks, cudaStream_t stream);
    void* sharedShadow_ = nullptr;
    std::size_t sharedShadowBytes_ = 0;
    RacelabAccessReport* report_ = nullptr;
    RacelabAccessConfig* configSlots_ = nullptr;  // page-locked, one a launch in flight
    std::size_t nextSlot_ = 0;
    unsigned sharedBase_ = 0;
    const void* traceBegin_ = nullptr;
    std::size_t traceBytes_ = 0;
    std::size_t frameShadow_ = 0, shadowed_ = 0;                 // this frame's global shadow and what it shadows
    std::size_t sharedShadowUsed_ = 0, sharedShadowed_ = 0;      // the largest launch's shared shadow, and its slots' bytes  // the device's reserved shared memory a block (where the block's own starts)
    std::vector<LaunchShape> launches_;
    struct OutputMarks {
        int output = 0;
        const unsigned* marks = nullptr;
        std::size_t words = 0;
    };
    std::vector<OutputMarks> outputMarks_;  // this frame's outputs' marks: their racing words go into the report
    bool collectRacingWords_ = false;
    std::vector<RacingWords> racingWords() const;
    std::map<std::tuple<const void*, int, std::size_t>, SharedShape> sharedShapes_;  // cleared with each module
};

}  // namespace racelab::userkernel
