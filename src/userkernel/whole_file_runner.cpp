// A whole-file solution's runner (kernel_runner.hpp): a course's cudaRenderer.cu built with nvcc into a shared
// library, which a worker of its own loads (its static initialisers run there) in racelab's sandbox. Its
// renderer lives as long as its worker (whole_file_solution.hpp): a new build, scene, size or reset, or a step
// back in the animation, starts a new worker, the spare started ahead where there is one.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/stats.hpp"
#include "core/temporary_path.hpp"
#include "core/toolkit_program.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/kernel_runner.hpp"
#include "userkernel/racecheck/device/racelab/access_check_layout.cuh"
#include "userkernel/worker/sandbox.hpp"
#include "userkernel/worker/worker_messages.hpp"

namespace racelab::userkernel {
namespace {

constexpr KernelForm kWholeFile{
    .compiler = "nvcc",
    .compiledWhere = "nvcc, a child process of racelab's, into a shared library",
    .benchName = "whole-file solution",
    .benchGpuSide = "clearImage + advanceAnimation + render + getImage in its worker, + hand-over",
    .workerMeasure = ", the course's measure (the wall clock around clearImage + advanceAnimation + render, each up to a "
                     "device synchronize)",
    .handoffMeasure = "getImage, the image's copy to racelab, context switches, reply",
    .stepsAreCalls = true,
    .runsHostCode = true,
    .animatesInWorker = true,
    .accessChecksCover = true,
    .reportsImageTime = true,
    .recordedAsWholeFile = true,
};

class WholeFileRunner final : public KernelRunner {
public:
    explicit WholeFileRunner(UserKernel& kernel) : KernelRunner(kernel) {}

    ~WholeFileRunner() override {
        spare_.reset();  // ends the spare (and its sandbox) before its folder goes; UserKernel ends the worker first
    }

    const KernelForm& form() const override { return kWholeFile; }

    // Its file has the course's name (cudaRenderer.cu) in every submission: its folder's name tells them apart.
    std::string variantName() const override {
        const std::filesystem::path file(path());
        if (file.filename() == contract().wholeFile->solutionFile && file.has_parent_path())
            return file.parent_path().filename().string();
        return file.stem().string();
    }

    bool prepare() override {
        if (findNvcc().empty()) {
            fail(KernelState::Unavailable, path() + " is a whole-file solution, which racelab builds with nvcc: " + nvccMissingAdvice());
            return false;
        }
        return prepareWorker();
    }

    CompileRequest compileRequest() const override {
        CompileRequest request{path(), options().architecture, {}, {}};
        request.wholeFile = contract().wholeFile;
        // Races only (KernelForm::checkedModeCovers): the instrumented build's hooks see its buffers and launches.
        request.accessChecks = options().accessChecks & RACELAB_ACCESS_RACES;
        return request;
    }

    const std::vector<std::string>& workerLauncher() const override { return launcher_; }

    // One solution, one renderer a worker: a worker that ran one is replaced, by the spare where there is one.
    bool renewWorker(std::unique_ptr<WorkerProcess>& worker) override {
        bool renewed = false;
        if (worker && worker->running() && workerUsed_) {
            worker->stop();
            renewed = true;
        }
        if ((!worker || !worker->running()) && spare_ && spare_->running()) {
            worker = std::move(spare_);
            renewed = true;
        }
        workerUsed_ = false;  // the spare, or a worker still to be started, or one that never held a solution
        session_.reset();
        return renewed;
    }

    WorkerReply load(WorkerProcess& worker, const KernelBuild& build) override {
        WorkerReply reply;
        try {
            const TemporaryFile library(build.cubin, scratch_ ? scratch_->path() : "");
            const std::string inside = scratchInside_ + "/" + std::filesystem::path(library.path()).filename().string();
            workerUsed_ = true;
            timeIdleFrames(worker);
            const RequestLimit limit = requestLimit(kControlTimeoutMs / 1000.0);
            reply = worker.request(wholeFileLoadRequest(inside, variantName() + " (" + path() + ")", family(), options().limits, build.accessSites),
                                   limit.milliseconds, variantName() + " did not finish loading (its static initialisers)");
            sayBudgetRanOut(reply, limit, "loading (its static initialisers)");
        } catch (const Error& e) {
            reply.error = e.what();
        }
        if (!reply.ok)
            if (const std::string output = worker.recentOutput(); !output.empty()) reply.error += "\nits last output:" + output;
        return reply;
    }

    void loaded() override { launchSpareWorker(); }

    // Nothing to restore: the build that failed went to a new worker (renewWorker); the last good one's is gone.
    bool restore(WorkerProcess&, const KernelBuild&) override { return false; }

    bool startFrame(const KernelFrame& frame) override {
        newRenderer_ = false;
        return startScene(frame);
    }

    bool newRenderer() const override { return newRenderer_; }

    // It waits for no event (KernelHandoff::waitUntilPrepared).
    IpcBuffers workerBuffers(const KernelHandoff& handoff) const override {
        IpcBuffers buffers = handoff.handles();
        buffers.inputsReady = {};
        return buffers;
    }

    void handOver(KernelHandoff& handoff, const KernelFrame&, cudaStream_t stream) override { handoff.waitUntilPrepared(stream); }

    // The spare worker's start (its CUDA context) is over before frames are timed, so that it adds nothing to
    // their round trips.
    void beforeTimedFrames() override {
        try {
            if (spare_ && spare_->running()) spare_->awaitReady();
        } catch (const Error&) {
            spare_.reset();  // the next worker starts when it is needed
        }
    }

    void frameDone(const KernelFrame& frame) override {
        if (session_ && frame.wholeFileScene) session_->steps = frame.wholeFileScene->steps;
        newRenderer_ = false;
    }

    // racelab's share of a frame's round trip: the worker's idle frame, timed before the solution loaded, and
    // the image's two crossings (getImage's readback, the copy to racelab), timed in racelab's own process.
    std::optional<double> racelabShareMs(const KernelFrame& frame) override {
        // An instrumented build's frame holds racelab's checking work too, which is not subtracted: no clock.
        if (!idleMs_ || frame.outputs.empty() || options().accessChecks) return std::nullopt;
        const std::size_t bytes = frame.outputs[0].bytes;
        if (crossingsBytes_ != bytes) {
            try {
                crossingsMs_ = imageCrossingsMs(bytes);
                crossingsBytes_ = bytes;
            } catch (const Error&) {
                return std::nullopt;  // racelab's clock says nothing this frame; the course's measure stands
            }
        }
        return *idleMs_ + crossingsMs_;
    }

private:
    // Makes the scratch folder and the worker's launcher (the sandbox, then any launcher of the options). False
    // when the solution cannot run here (SandboxMode::Required without a sandbox).
    bool prepareWorker();
    void launchSpareWorker();
    // racelab's share of a frame in this worker, before a solution's code is in it (racelabShareMs).
    void timeIdleFrames(WorkerProcess& worker);
    // A frame's scene: loaded in the worker unless it runs this one already (a new worker if it runs another).
    // False when the frame cannot run.
    bool startScene(const KernelFrame& frame);

    std::vector<std::string> launcher_;      // what starts the worker: the sandbox, then the options' launcher
    std::optional<TemporaryFolder> scratch_;  // its folder: its library, its sandbox's /tmp
    std::string scratchInside_;              // the same folder as its worker sees it
    bool workerUsed_ = false;                // a solution was loaded into this worker
    std::optional<WholeFileScene> session_;  // the scene the worker's renderer runs, its steps as far as taken
    int sessionWidth_ = 0, sessionHeight_ = 0;
    // The next worker, started as soon as the current one holds a solution: its CUDA context comes up while
    // this one runs, so a save, a new scene or a new size waits for no context.
    std::unique_ptr<WorkerProcess> spare_;
    std::optional<double> idleMs_;  // the median round trip of the worker's idle frame (timeIdleFrames)
    bool newRenderer_ = false;  // this frame made a new renderer (loadScene, allocOutputImage, setup)
    std::size_t crossingsBytes_ = 0;
    double crossingsMs_ = 0;        // imageCrossingsMs(crossingsBytes_)
};

void WholeFileRunner::timeIdleFrames(WorkerProcess& worker) {
    idleMs_.reset();
    std::vector<double> ms;
    for (int i = 0; i < 9; ++i) {  // the first wakes the context and is left out
        const auto start = std::chrono::steady_clock::now();
        const WorkerReply reply = worker.request({{"op", "idle"}}, kControlTimeoutMs, "racelab's idle frame");
        if (!reply.ok) return;  // racelab's clock then says nothing of this solution's frames
        if (i > 0) ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    idleMs_ = summarize(ms).p50;
}

bool WholeFileRunner::prepareWorker() {
    try {
        scratch_.emplace("racelab-solution-", path() + "'s worker");
    } catch (const Error& e) {
        fail(KernelState::Unavailable, e.what());
        return false;
    }
    scratchInside_ = scratch_->path();
    launcher_.clear();
    const UserKernelOptions& o = options();
    if (o.sandbox == SandboxMode::Off) {
        status().sandbox = "none (--no-sandbox)";
    } else {
        SandboxRequest request{scratch_->path(), {std::filesystem::path(path()).parent_path().string()}, {}};
        if (!o.launcherFolder.empty()) request.writableFolders.push_back(o.launcherFolder);
        // A launcher of the options (compute-sanitizer) runs inside the sandbox: its toolkit must be seen there.
        if (!o.workerLauncher.empty())
            if (const std::string program = findToolkitProgram(o.workerLauncher[0], nullptr); !program.empty())
                request.readOnlyFolders.push_back(std::filesystem::path(program).parent_path().parent_path().string());
        const Sandbox sandbox = makeSandbox(request);
        if (sandbox.available) {
            launcher_ = sandbox.launcher;
            scratchInside_ = sandbox.insideScratch;
            status().sandbox = "bubblewrap";
        } else if (o.sandbox == SandboxMode::Required) {
            fail(KernelState::Unavailable, "racelab runs a whole-file solution's host code only in its sandbox, and it cannot "
                                           "start here: " + sandbox.why + " (--no-sandbox runs it without one)");
            return false;
        } else {
            status().sandbox = "none: " + sandbox.why;
            std::fprintf(stderr, "racelab: %s runs without racelab's sandbox (its host code can do what you can): %s\n",
                         variantName().c_str(), sandbox.why.c_str());
        }
    }
    launcher_.insert(launcher_.end(), o.workerLauncher.begin(), o.workerLauncher.end());
    return true;
}

void WholeFileRunner::launchSpareWorker() {
    if (spare_ && spare_->running()) return;
    try {
        spare_ = std::make_unique<WorkerProcess>(variantName());
        spare_->setLauncher(launcher_);
        spare_->setLimits(options().limits);
        spare_->launch(currentCudaDevice());
    } catch (const Error&) {
        spare_.reset();  // UserKernel starts one when it is needed, and says why if it cannot
    }
}

bool WholeFileRunner::startScene(const KernelFrame& frame) {
    if (!frame.wholeFileScene) return failFrame(KernelState::ContractBroken, "this scene gives a whole-file solution no scene to load");
    WholeFileScene scene = *frame.wholeFileScene;
    if (session_ && sessionWidth_ == frame.width && sessionHeight_ == frame.height && scene.steps >= session_->steps) {
        WholeFileScene running = *session_;
        running.steps = scene.steps;
        if (running == scene) return true;
    }
    if (session_ && !loadAgain()) {  // another scene, size or a reset: the solution starts over in a new worker
        ++status().failedFrames;
        return false;
    }
    WorkerProcess* worker = this->worker();
    if (!worker || !worker->running()) return failFrame(KernelState::Faulted, "the kernel worker is not running");
    // racelab's half first (the scene's data, racelab's code, under its own limit: a submission's budget is not
    // racelab's to spend), then the solution's calls; the frame after them is a new renderer's first
    // (UserKernelStatus::firstPictureMs).
    WorkerReply reply = worker->request(wholeFileSceneDataRequest(scene), kSceneTimeoutMs, "racelab's harness did not make the scene");
    if (reply.ok) {
        const RequestLimit limit = requestLimit(kSceneTimeoutMs / 1000.0);
        newRenderer_ = true;
        reply = worker->request(wholeFileSceneRequest(scene, frame.width, frame.height), limit.milliseconds,
                                variantName() + " did not finish loadScene, allocOutputImage and setup");
        sayBudgetRanOut(reply, limit, "loadScene, allocOutputImage and setup");
    }
    status().workerOutput = worker->recentOutput();  // what setup printed
    if (!reply.ok) {
        std::string message = reply.error;
        if (const std::string output = worker->recentOutput(); !output.empty()) message += "\nits last output:" + output;
        if (live()) std::fprintf(stderr, "%s\n", message.c_str());
        return failFrame(reply.workerLost ? KernelState::Faulted : KernelState::ContractBroken, message, reply.timedOut);
    }
    scene.steps = 0;  // loaded: the worker advances it to each frame's steps
    session_ = scene;
    sessionWidth_ = frame.width;
    sessionHeight_ = frame.height;
    return true;
}

}  // namespace

std::unique_ptr<KernelRunner> makeWholeFileRunner(UserKernel& kernel) { return std::make_unique<WholeFileRunner>(kernel); }

}  // namespace racelab::userkernel
