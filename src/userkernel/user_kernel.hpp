// One user kernel file bound to a family's contract: compiled in the background on every save
// (background_compiler.hpp), loaded into the kernel worker (worker_process.hpp) and run there one frame at a
// time through the hand-over buffers (kernel_handoff.hpp), under a watchdog. Every failure (a compile error, a
// broken contract, a fault, a hang) becomes a status with a message naming the file; the last good build keeps
// running while a save does not compile, and a faulted kernel waits for the next save.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenes/kernel_contract.hpp"
#include "userkernel/background_compiler.hpp"

namespace racelab::userkernel {

class KernelHandoff;
class WorkerProcess;

struct UserKernelOptions {
    bool watch = true;             // recompile on save (the viewer); false: compile once (check, bench, render)
    double timeoutSeconds = 2.0;   // the watchdog: the longest a frame may take
    std::string architecture;      // "" : the current GPU's
    std::string cacheFolder = KernelCache::defaultFolder();
    std::vector<std::string> workerLauncher;  // e.g. compute-sanitizer and its options (worker_process.hpp)
};

enum class KernelState {
    Compiling,       // no build yet
    Running,         // the newest build runs
    CompileFailed,   // the newest save does not compile (an older build may still run: `runningBuild`)
    ContractBroken,  // it compiled but breaks the contract (no launch list, parameters, too much shared memory)
    Faulted,         // it faulted or hung; waiting for the next save
    Unavailable,     // NVRTC or CUDA missing
};
const char* kernelStateName(KernelState state);

struct UserKernelStatus {
    KernelState state = KernelState::Compiling;
    std::string message;        // the compiler's messages or what happened, "" when running cleanly
    std::string workerOutput;   // the kernel's recent printf / assert lines
    bool runningBuild = false;  // a good build is loaded (and draws) despite the state
    bool timedOut = false;      // the last failure was the watchdog's (a frame past --kernel-timeout)
    bool wrotePastEnd = false;  // the last failure was a write past an output (the guard after it changed)
    double compileMs = 0;       // of the newest build
    bool fromCache = false;
    int builds = 0;             // builds finished so far (good or not)
    std::vector<std::string> steps;  // the running launch list
    // The last frame: the worker's own time for the launch list (CUDA events there), and the rest of the
    // round trip (inputs copied, the context switches, the reply), by racelab's wall clock.
    double kernelMs = 0, handoffMs = 0;
    std::vector<double> stepMs;
    long long frames = 0;
    long long failedFrames = 0;  // frames it did not finish: a fault, a hang, a broken contract, a write past an output
};

// Every frame's two times while a caller records them (bench's measured frames): the worker's own time for
// the launch list and the hand-over, as in UserKernelStatus.
struct RecordedFrameTimes {
    std::vector<double> kernelMs, handoffMs;
};

class UserKernel {
public:
    UserKernel(std::string path, std::string family, KernelContract contract, UserKernelOptions options);
    ~UserKernel();
    UserKernel(const UserKernel&) = delete;
    UserKernel& operator=(const UserKernel&) = delete;

    const std::string& path() const { return path_; }
    const std::string& family() const { return family_; }
    bool live() const { return options_.watch; }  // the viewer's: failures are shown, not thrown
    // The variant's name: the file's name without its extension.
    std::string variantName() const;
    const UserKernelStatus& status() const { return status_; }

    // Takes a finished build, if any, and swaps it in (the frame loop calls this once a frame).
    void poll();
    // Runs one frame into `target`; false when there is no working kernel (the caller draws a placeholder).
    bool render(UserKernelSide& side, const FrameTarget& target);
    // Waits for the first build to finish and be loaded (check, bench, render); false if it failed.
    bool waitUntilReady(double seconds);
    void recompile();
    // After a fault or a hang: loads the last good build again (in a new worker), for a caller that moves on
    // to other work rather than waiting for a save (grade, the viewer's check). False when there is none.
    bool retry();
    // Fills a device target with the "no working kernel" placeholder.
    void drawPlaceholder(const FrameTarget& target);
    // Starts keeping every frame's times (and forgets those kept before); off, nothing is kept, so a long
    // viewer session holds none.
    void recordFrameTimes(bool on);
    const RecordedFrameTimes& recordedFrameTimes() const { return recorded_; }

private:
    void takeBuild(KernelBuild build);
    bool load(const KernelBuild& build);
    bool ensureWorker();
    void fail(KernelState state, const std::string& message, bool timedOut = false, bool wrotePastEnd = false);
    // A frame the kernel did not finish: the failure recorded and counted, the build no longer run. False.
    bool failFrame(KernelState state, const std::string& message, bool timedOut = false, bool wrotePastEnd = false);

    std::string path_, family_;
    KernelContract contract_;
    UserKernelOptions options_;
    UserKernelStatus status_;
    std::unique_ptr<BackgroundCompiler> compiler_;
    std::unique_ptr<WorkerProcess> worker_;
    std::unique_ptr<KernelHandoff> handoff_;
    bool workerHasBuffers_ = false;
    std::optional<KernelBuild> loaded_;      // the build the worker runs (kept to load again after a restart)
    std::optional<KernelBuild> lastGood_;    // the newest build that loaded
    long long frameId_ = 0;
    bool recording_ = false;
    RecordedFrameTimes recorded_;
};

}  // namespace racelab::userkernel
