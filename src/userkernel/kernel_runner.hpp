// What differs between a user kernel's two forms once racelab holds it (user_kernel.hpp): what the form needs
// before it compiles, what its build is and how the worker loads it, what a frame asks of the worker before
// its hand-over, and what starts the worker. A launch list (launch_list_runner.cpp) is loaded into a worker
// that keeps running across builds; a whole-file solution (whole_file_runner.cpp) gets a worker of its own for
// every build and scene, in racelab's sandbox. UserKernel holds one runner and does the rest itself: the
// compiler, the worker, the hand-over buffers, the status.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/frame_target.hpp"
#include "userkernel/kernel_form.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/worker/kernel_handoff.hpp"
#include "userkernel/worker/worker_process.hpp"

namespace racelab::userkernel {

class KernelRunner {
public:
    virtual ~KernelRunner() = default;
    KernelRunner(const KernelRunner&) = delete;
    KernelRunner& operator=(const KernelRunner&) = delete;

    virtual const KernelForm& form() const = 0;
    // UserKernel::variantName.
    virtual std::string variantName() const = 0;
    // Before the first compile: what the form needs on this machine (its compiler; a whole-file solution's
    // folder and sandbox). False when the kernel cannot be built or run here: the kernel's status says why.
    virtual bool prepare() = 0;
    // What the background compiler builds on every save.
    virtual CompileRequest compileRequest() const = 0;
    // What starts the worker (WorkerProcess::setLauncher).
    virtual const std::vector<std::string>& workerLauncher() const = 0;

    // A build's load, in UserKernel::load's order. First: true when the worker was replaced, or will be started
    // anew, so that racelab's buffers must be opened in it again.
    virtual bool renewWorker(std::unique_ptr<WorkerProcess>& worker) = 0;
    // Asks the running worker to load `build`. Never throws: a failure is the reply's error.
    virtual WorkerReply load(WorkerProcess& worker, const KernelBuild& build) = 0;
    // After a load that worked.
    virtual void loaded() = 0;
    // After a load that failed with the worker still up: the last good build loaded again where the failed
    // load undid it. True when it runs again.
    virtual bool restore(WorkerProcess& worker, const KernelBuild& lastGood) = 0;

    // Before a frame's hand-over: what the worker must hold for `frame`. False when the frame cannot run (it
    // failed: the status says why).
    virtual bool startFrame(const KernelFrame& frame) = 0;
    // racelab's buffers as the worker opens them.
    virtual IpcBuffers workerBuffers(const KernelHandoff& handoff) const = 0;
    // Once the outputs are prepared on `stream`: the frame handed over.
    virtual void handOver(KernelHandoff& handoff, const KernelFrame& frame, cudaStream_t stream) = 0;
    // After a frame the worker finished.
    // Before frames are timed (UserKernel::recordFrameTimes): whatever racelab would do beside them is done.
    virtual void beforeTimedFrames() {}
    // racelab's own share of a frame's round trip, for the time racelab's clock gives the frame
    // (UserKernelStatus::parentMs): a form whose host code runs in the worker has one; nullopt otherwise.
    virtual std::optional<double> racelabShareMs(const KernelFrame&) { return std::nullopt; }
    // Whether this frame made a new renderer (a whole-file solution's loadScene, allocOutputImage and setup) and
    // so is its first (UserKernelStatus::firstPictureMs).
    virtual bool newRenderer() const { return false; }
    virtual void frameDone(const KernelFrame& frame) = 0;

protected:
    explicit KernelRunner(UserKernel& kernel) : kernel_(kernel) {}

    // What a runner uses of the kernel that holds it.
    const std::string& path() const { return kernel_.path_; }
    const std::string& family() const { return kernel_.family_; }
    const KernelContract& contract() const { return kernel_.contract_; }
    const UserKernelOptions& options() const { return kernel_.options_; }
    bool live() const { return kernel_.live(); }
    UserKernelStatus& status() { return kernel_.status_; }
    WorkerProcess* worker() { return kernel_.worker_.get(); }
    void fail(KernelState state, const std::string& message) { kernel_.fail(state, message); }
    bool failFrame(KernelState state, const std::string& message, bool timedOut = false) {
        return kernel_.failFrame(state, message, timedOut);
    }
    using RequestLimit = UserKernel::RequestLimit;
    RequestLimit requestLimit(double ownSeconds) const { return kernel_.requestLimit(ownSeconds); }
    static void sayBudgetRanOut(WorkerReply& reply, const RequestLimit& limit, const std::string& what) {
        UserKernel::sayBudgetRanOut(reply, limit, what);
    }
    // The running build loaded again (UserKernel::load: in a new worker, for a whole-file solution). False when
    // it did not load.
    bool loadAgain() {
        const KernelBuild build = *kernel_.loaded_;  // a copy: a load that fails forgets the running build
        return kernel_.load(build);
    }

private:
    UserKernel& kernel_;
};

std::unique_ptr<KernelRunner> makeLaunchListRunner(UserKernel& kernel);
std::unique_ptr<KernelRunner> makeWholeFileRunner(UserKernel& kernel);

}  // namespace racelab::userkernel
