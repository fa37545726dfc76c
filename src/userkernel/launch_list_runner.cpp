// A launch-list kernel's runner (kernel_runner.hpp): compiled by NVRTC into a cubin, which the worker loads
// beside racelab's buffers and runs through the kernel's own launch list. The worker outlives the builds: each
// save's cubin replaces the one before in the same worker.
#include <filesystem>

#include "core/errors.hpp"
#include "core/temporary_path.hpp"
#include "userkernel/build/nvrtc_library.hpp"
#include "userkernel/kernel_runner.hpp"
#include "userkernel/worker/worker_messages.hpp"

namespace racelab::userkernel {
namespace {

constexpr KernelForm kLaunchList{
    .compiler = "NVRTC",
    .compiledWhere = "NVRTC, in racelab's compile process",
    .benchName = "user kernel",
    .benchGpuSide = "its worker's launches + hand-over",
    .workerMeasure = " (CUDA events there around its launch list)",
    .handoffMeasure = "copies, context switches, reply",
    .accessChecksCover = true,
    .checkedModeCovers = true,
};

class LaunchListRunner final : public KernelRunner {
public:
    explicit LaunchListRunner(UserKernel& kernel) : KernelRunner(kernel) {}

    const KernelForm& form() const override { return kLaunchList; }
    std::string variantName() const override { return std::filesystem::path(path()).stem().string(); }

    bool prepare() override {
        if (nvrtc().usable()) return true;
        fail(KernelState::Unavailable, nvrtc().error);
        return false;
    }

    CompileRequest compileRequest() const override {
        CompileRequest request{path(), options().architecture, {}, {}};
        request.accessChecks = options().accessChecks;
        return request;
    }

    const std::vector<std::string>& workerLauncher() const override { return options().workerLauncher; }

    bool renewWorker(std::unique_ptr<WorkerProcess>&) override { return false; }  // one worker, build after build

    WorkerReply load(WorkerProcess& worker, const KernelBuild& build) override {
        try {
            return send(worker, build);
        } catch (const Error& e) {
            WorkerReply reply;
            reply.error = e.what();
            return reply;
        }
    }

    void loaded() override {}

    // The worker unloaded the previous build to try the one that failed.
    bool restore(WorkerProcess& worker, const KernelBuild& lastGood) override { return send(worker, lastGood).ok; }

    bool startFrame(const KernelFrame&) override { return true; }  // the frame's inputs are all it needs

    IpcBuffers workerBuffers(const KernelHandoff& handoff) const override { return handoff.handles(); }

    void handOver(KernelHandoff& handoff, const KernelFrame& frame, cudaStream_t stream) override {
        handoff.handOver(frame, stream);
    }

    void frameDone(const KernelFrame&) override {}

private:
    WorkerReply send(WorkerProcess& worker, const KernelBuild& build) const {
        const LoadSpec spec{variantName() + " (" + path() + ")", contract().parametersSymbol, contract().parametersBytes,
                            contract().sizes};
        const TemporaryFile cubin(build.cubin);
        return worker.request(loadRequest(cubin.path(), spec), kControlTimeoutMs, "loading the kernel");
    }
};

}  // namespace

std::unique_ptr<KernelRunner> makeLaunchListRunner(UserKernel& kernel) { return std::make_unique<LaunchListRunner>(kernel); }

}  // namespace racelab::userkernel
