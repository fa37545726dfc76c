// UserKernel's whole-file half (user_kernel.hpp): the worker's sandbox and launcher, the solution's library
// loaded into a fresh worker (a spare started ahead), and the scene a worker's renderer runs.
#include <cstdio>
#include <filesystem>

#include "core/gpu_timing.hpp"
#include "core/temporary_path.hpp"
#include "core/toolkit_program.hpp"
#include "userkernel/worker/sandbox.hpp"
#include "core/temporary_path.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/worker/worker_messages.hpp"
#include "userkernel/worker/worker_process.hpp"

namespace racelab::userkernel {

bool UserKernel::prepareWholeFileWorker() {
    try {
        scratch_.emplace("racelab-solution-", path_ + "'s worker");
    } catch (const Error& e) {
        fail(KernelState::Unavailable, e.what());
        return false;
    }
    scratchInside_ = scratch_->path();
    launcher_.clear();
    if (options_.sandbox == SandboxMode::Off) {
        status_.sandbox = "none (--no-sandbox)";
    } else {
        SandboxRequest request{scratch_->path(), {std::filesystem::path(path_).parent_path().string()}, {}};
        if (!options_.launcherFolder.empty()) request.writableFolders.push_back(options_.launcherFolder);
        // A launcher of the options (compute-sanitizer) runs inside the sandbox: its toolkit must be seen there.
        if (!options_.workerLauncher.empty())
            if (const std::string program = findToolkitProgram(options_.workerLauncher[0], nullptr); !program.empty())
                request.readOnlyFolders.push_back(std::filesystem::path(program).parent_path().parent_path().string());
        const Sandbox sandbox = makeSandbox(request);
        if (sandbox.available) {
            launcher_ = sandbox.launcher;
            scratchInside_ = sandbox.insideScratch;
            status_.sandbox = "bubblewrap";
        } else if (options_.sandbox == SandboxMode::Required) {
            fail(KernelState::Unavailable, "racelab runs a whole-file solution's host code only in its sandbox, and it cannot "
                                           "start here: " + sandbox.why + " (--no-sandbox runs it without one)");
            return false;
        } else {
            status_.sandbox = "none: " + sandbox.why;
            std::fprintf(stderr, "racelab: %s runs without racelab's sandbox (its host code can do what you can): %s\n",
                         variantName().c_str(), sandbox.why.c_str());
        }
    }
    launcher_.insert(launcher_.end(), options_.workerLauncher.begin(), options_.workerLauncher.end());
    return true;
}

void UserKernel::launchSpareWorker() {
    if (spare_ && spare_->running()) return;
    try {
        spare_ = std::make_unique<WorkerProcess>(variantName());
        spare_->setLauncher(launcher_);
        spare_->launch(currentCudaDevice());
    } catch (const Error&) {
        spare_.reset();  // ensureWorker starts one when it is needed, and says why if it cannot
    }
}

bool UserKernel::loadWholeFile(const KernelBuild& build) {
    // One solution, one renderer a worker (whole_file_solution.hpp): a worker that ran one is replaced, by the
    // spare where there is one.
    if (worker_ && worker_->running() && workerUsed_) worker_->stop();
    if ((!worker_ || !worker_->running()) && spare_ && spare_->running()) {
        worker_ = std::move(spare_);
        workerHasBuffers_ = false;
        workerUsed_ = false;
    }
    session_.reset();
    if (!ensureWorker()) return false;
    WorkerReply reply;
    try {
        const TemporaryFile library(build.cubin, scratch_ ? scratch_->path() : "");
        const std::string inside = scratchInside_ + "/" + std::filesystem::path(library.path()).filename().string();
        workerUsed_ = true;
        reply = worker_->request(wholeFileLoadRequest(inside, variantName() + " (" + path_ + ")", family_, options_.limits),
                                 kControlTimeoutMs, "loading the solution (its static initialisers)");
    } catch (const Error& e) {
        reply.error = e.what();
    }
    if (reply.ok) {
        markLoaded(build, reply.message);
        launchSpareWorker();
        return true;
    }
    std::string message = reply.error;
    if (const std::string output = worker_->recentOutput(); !output.empty()) message += "\nits last output:" + output;
    fail(reply.workerLost ? KernelState::Faulted : KernelState::ContractBroken, message);
    if (live()) std::fprintf(stderr, "%s\n", message.c_str());
    loaded_.reset();
    status_.runningBuild = false;
    return false;
}

bool UserKernel::startWholeFileScene(const KernelFrame& frame) {
    if (!frame.wholeFileScene) return failFrame(KernelState::ContractBroken, "this scene gives a whole-file solution no scene to load");
    WholeFileScene scene = *frame.wholeFileScene;
    if (session_ && sessionWidth_ == frame.width && sessionHeight_ == frame.height && scene.steps >= session_->steps) {
        WholeFileScene running = *session_;
        running.steps = scene.steps;
        if (running == scene) return true;
    }
    if (session_) {  // another scene, size or a reset: the solution starts over in a new worker
        const KernelBuild build = *loaded_;
        if (!loadWholeFile(build)) {
            ++status_.failedFrames;
            return false;
        }
    }
    if (!worker_ || !worker_->running()) return failFrame(KernelState::Faulted, "the kernel worker is not running");
    const WorkerReply reply = worker_->request(wholeFileSceneRequest(scene, frame.width, frame.height), kSceneTimeoutMs,
                                               variantName() + " did not finish loadScene, allocOutputImage and setup");
    status_.workerOutput = worker_->recentOutput();  // what setup printed
    if (!reply.ok) {
        std::string message = reply.error;
        if (const std::string output = worker_->recentOutput(); !output.empty()) message += "\nits last output:" + output;
        if (live()) std::fprintf(stderr, "%s\n", message.c_str());
        return failFrame(reply.workerLost ? KernelState::Faulted : KernelState::ContractBroken, message, reply.timedOut);
    }
    scene.steps = 0;  // loaded: the worker advances it to each frame's steps
    session_ = scene;
    sessionWidth_ = frame.width;
    sessionHeight_ = frame.height;
    return true;
}

}  // namespace racelab::userkernel
