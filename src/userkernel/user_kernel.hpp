// One user kernel file bound to a family's contract: compiled in the background on every save
// (background_compiler.hpp), loaded into the kernel worker (worker_process.hpp) and run there one frame at a
// time through the hand-over buffers (kernel_handoff.hpp), under a watchdog. Every failure (a compile error, a
// broken contract, a fault, a hang) becomes a status with a message naming the file; the last good build keeps
// running while a save does not compile, and a faulted kernel waits for the next save.
//
// A whole-file solution (a course's cudaRenderer.cu, KernelContract::wholeFile) takes the same path with nvcc
// instead of NVRTC and the course's calls instead of a launch list (whole_file_solution.hpp). What differs
// between the two forms is the kernel's runner (kernel_runner.hpp); what it means to callers, its form
// (kernel_form.hpp).
#pragma once
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/temporary_path.hpp"
#include "scenes/kernel_contract.hpp"
#include "userkernel/kernel_form.hpp"
#include "userkernel/racecheck/access_findings.hpp"
#include "userkernel/racecheck/access_report.hpp"
#include "userkernel/build/background_compiler.hpp"
#include "userkernel/racecheck/ptx_instrument.hpp"
#include "userkernel/worker/worker_limits.hpp"

namespace racelab::userkernel {

class KernelHandoff;
class KernelRunner;
class WorkerProcess;
struct WorkerReply;

// Whether a whole-file solution's worker runs in the sandbox (sandbox.hpp). Launch-list kernels have no host
// code: they need none.
enum class SandboxMode {
    Required,     // grade: no sandbox, no run (the submission is not-run, never at fault)
    IfAvailable,  // the viewer, check, bench: the user's own code runs unsandboxed where it must, and is told so
    Off,          // --no-sandbox
};

struct UserKernelOptions {
    bool watch = true;             // recompile on save (the viewer); false: compile once (check, bench, render)
    double timeoutSeconds = 2.0;   // the watchdog: the longest a frame may take
    std::string architecture;      // "" : the current GPU's
    std::string cacheFolder = KernelCache::defaultFolder();
    std::vector<std::string> workerLauncher;  // e.g. compute-sanitizer and its options (worker_process.hpp)
    std::string launcherFolder;               // where that launcher writes its report (writable in the sandbox)
    SandboxMode sandbox = SandboxMode::IfAvailable;
    WorkerLimits limits;  // a whole-file solution's worker's own (worker_limits.hpp)
    // An instrumented build (check --races, --checked): RACELAB_ACCESS_RACES | RACELAB_ACCESS_CHECKED; 0 plain.
    unsigned accessChecks = 0;
    // With the checked mode: a frame in which an access was skipped fails, as a write past an output does
    // (grade, the viewer); off, the frame stands and the caller reports the findings (check).
    bool skippedAccessFailsTheFrame = false;
    // check --races --pixel X,Y: every access to that pixel of output 0 (PNG coordinates) listed in order.
    std::optional<std::pair<int, int>> tracedPixel;
    // The viewer's find the race: every output's racing words in the report (AccessReport::racingWords).
    bool racingWords = false;
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
    bool outsideItsMemory = false;  // the last failure was an access outside the kernel's memory: a write past an output
                                // (the guard after it changed), or one the checked mode skipped
    double compileMs = 0;       // of the newest build
    bool fromCache = false;
    int builds = 0;             // builds finished so far (good or not)
    std::string sandbox;             // where its form runs host code: "bubblewrap", or why it runs without one
    std::vector<std::string> steps;  // the running launch list, or clearImage, advanceAnimation, render
    // The last frame: the worker's own time for the launch list (CUDA events there), and the rest of the
    // round trip (inputs copied, the context switches, the reply), by racelab's wall clock. A whole-file
    // solution's is the course's: the wall clock around each call, up to a device synchronize, summed (its
    // hand-over includes getImage and the image's copy to racelab); eventStepMs the same calls by CUDA events.
    double kernelMs = 0, handoffMs = 0;
    std::vector<double> stepMs, eventStepMs;
    double imageMs = 0;  // a whole-file solution's: getImage and the image's copy, in the worker (part of handoffMs)
    // The last frame by racelab's clock, where the solution's host code runs in the worker and so could change
    // what the worker measures: the frame request's round trip, from racelab's process, less racelab's own share
    // (KernelRunner::racelabShareMs). Whatever the solution does in getImage or on threads of its own is in it.
    std::optional<double> parentMs;
    // Where the last frame was a new renderer's first (a whole-file solution's, while frames are recorded): that
    // frame by racelab's clock, as parentMs. Setup is not in it. A frame kept and returned again, or work queued
    // behind an earlier answer, has nothing to stand on there (docs/GRADING.md, "Time that cannot be bought").
    std::optional<double> firstPictureMs;
    std::string note;    // the last thing the worker did beyond the launch list (a counted buffer grown, the frame run again)
    long long frames = 0;
    long long failedFrames = 0;  // frames it did not finish: a fault, a hang, a broken contract, a write past an output
    std::optional<AccessReport> accesses;  // an instrumented build's findings in the last frame
    int frameWidth = 0, frameHeight = 0;   // the last frame's size and outputs (name, bytes): where findings lie
    std::vector<std::pair<std::string, std::size_t>> frameOutputs;
};

// Every frame's two times while a caller records them (bench's measured frames): the worker's own time for
// the launch list and the hand-over, as in UserKernelStatus.
struct RecordedFrameTimes {
    std::vector<double> kernelMs, handoffMs, imageMs;
    std::vector<double> parentMs;  // UserKernelStatus::parentMs, where the form has it
    std::vector<std::string> stepNames;
    std::vector<std::vector<double>> stepMs;  // per step (stepNames), every frame
};

// What --kernel may name: a kernel file, or a folder holding a whole-file solution of the family's harness (its
// solution file beside its headers). Any other folder is a UsageError.
void checkKernelPath(const std::string& path, const KernelContract& contract);

class UserKernel {
public:
    UserKernel(std::string path, std::string family, KernelContract contract, UserKernelOptions options);
    ~UserKernel();
    UserKernel(const UserKernel&) = delete;
    UserKernel& operator=(const UserKernel&) = delete;

    const std::string& path() const { return path_; }
    const std::string& family() const { return family_; }
    const UserKernelOptions& options() const { return options_; }
    bool live() const { return options_.watch; }  // the viewer's: failures are shown, not thrown
    // The variant's name: the file's name without its extension.
    std::string variantName() const;
    const UserKernelStatus& status() const { return status_; }
    // What its form (a launch list or a whole-file solution) means to those who show, measure or grade it.
    const KernelForm& form() const;

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
    // What the placeholder stands for: "compiling (12 s)" until the first build, else the state that left the
    // kernel without a frame ("compile failed", ...).
    std::string placeholderReason() const;
    // Starts keeping every frame's times (and forgets those kept before); off, nothing is kept, so a long
    // viewer session holds none.
    void recordFrameTimes(bool on);
    // A time by which every frame must be done (grade's budget for a submission): a frame's limit is then the
    // lesser of --kernel-timeout and what is left. nullopt: --kernel-timeout alone.
    void setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) { deadline_ = deadline; }
    const RecordedFrameTimes& recordedFrameTimes() const { return recorded_; }
    // The pixel whose every access the next frames list (UserKernelOptions::tracedPixel; nullopt: none).
    void setTracedPixel(std::optional<std::pair<int, int>> pixel) { options_.tracedPixel = pixel; }
    // Whether the next frames report their outputs' racing words (UserKernelOptions::racingWords).
    void setRacingWords(bool on) { options_.racingWords = on; }
    // The running build's sites, when it is an instrumented one (status().accesses numbers them).
    std::optional<AccessSites> accessSites() const;
    // An instrumented frame's findings as check --races prints them (access_findings.hpp); "" without.
    std::string accessFindingsText(const AccessReport& report) const;
    // What findings of the last frame need beyond its report: the file and its local headers, the frame's size
    // and outputs (access_findings.hpp).
    FindingContext findingContext() const;

private:
    friend class KernelRunner;  // the form's half of the kernel (kernel_runner.hpp)

    void takeBuild(KernelBuild build);
    bool load(const KernelBuild& build);
    bool ensureWorker();
    void record();  // this frame's times into recorded_
    void fail(KernelState state, const std::string& message, bool timedOut = false, bool outsideItsMemory = false);
    // A frame the kernel did not finish: the failure recorded and counted, the build no longer run. False.
    bool failFrame(KernelState state, const std::string& message, bool timedOut = false, bool outsideItsMemory = false);
    // A request to the worker waits `ownSeconds`, or what is left of grade's budget (setDeadline) where that is
    // less: a submission's every step, setup included, is paid from its budget.
    struct RequestLimit {
        int milliseconds;
        bool budgetBound;  // the budget, not the step's own limit, set it
    };
    RequestLimit requestLimit(double ownSeconds) const;
    // A reply that timed out under a budget-bound limit says so: `what` did not finish before the budget ran out.
    static void sayBudgetRanOut(WorkerReply& reply, const RequestLimit& limit, const std::string& what);

    std::string path_, family_;
    KernelContract contract_;
    UserKernelOptions options_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();  // its first compile's start
    UserKernelStatus status_;
    std::unique_ptr<KernelRunner> runner_;
    std::unique_ptr<BackgroundCompiler> compiler_;
    std::unique_ptr<WorkerProcess> worker_;
    std::unique_ptr<KernelHandoff> handoff_;
    bool workerHasBuffers_ = false;
    std::optional<KernelBuild> loaded_;      // the build the worker runs (kept to load again after a restart)
    std::optional<KernelBuild> lastGood_;    // the newest build that loaded
    long long frameId_ = 0;
    bool recording_ = false;
    RecordedFrameTimes recorded_;
    mutable std::optional<AccessSites> sites_;  // accessSites() of the build whose cubin hashes to sitesBuild_
    mutable std::size_t sitesBuild_ = 0;
};

}  // namespace racelab::userkernel
