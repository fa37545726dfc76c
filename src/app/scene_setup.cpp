#include "app/scene_setup.hpp"

#include "frame/offline_frame.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"
#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"
#endif

namespace racelab {
namespace {

// A whole-file solution's CPU time in check, bench, render and frames (the viewer's has no end): its host code
// and the CUDA driver's waits, over every frame those commands draw.
constexpr long long kCommandCpuSeconds = 1800;

}  // namespace

std::shared_ptr<userkernel::UserKernel> makeUserKernel(const SceneSelection& selection, const WorkloadFamily& family,
                                                       bool live) {
    if (selection.kernel.empty()) return nullptr;
    if (!family.kernelContract)
        throw UsageError("--kernel: the " + family.name + " family takes no user kernel (families that do: " +
                         kernelFamiliesHelp() + ")");
    userkernel::checkKernelPath(selection.kernel, *family.kernelContract);
    userkernel::UserKernelOptions options;
    options.watch = live;
    options.timeoutSeconds = selection.kernelTimeout;
    options.workerLauncher = selection.kernelLauncher;
    options.launcherFolder = selection.kernelLauncherFolder;
    options.accessChecks = selection.kernelAccessChecks;
    options.tracedPixel = selection.kernelTracedPixel;
    options.skippedAccessFailsTheFrame = live;  // the viewer shows the failure; check prints the findings itself
    options.sandbox = selection.noSandbox ? userkernel::SandboxMode::Off : userkernel::SandboxMode::IfAvailable;
    if (!live) options.limits.cpuSeconds = kCommandCpuSeconds;
    return std::make_shared<userkernel::UserKernel>(selection.kernel, family.name, *family.kernelContract, options);
}

PreparedScene prepareScene(const SceneSelection& selection, const std::string& defaultSize, bool liveKernel) {
    PreparedScene out;
    out.size = parseSize(selection.size.empty() ? defaultSize : selection.size);
    if (selection.backend != "auto" && selection.backend != "cuda" && selection.backend != "cpu")
        throw UsageError("unknown backend '" + selection.backend + "' (valid: auto, cuda, cpu)");
    std::string why;
    bool cuda = cudaUsable(&why);
    if (selection.backend == "cuda" && !cuda) throw UsageError("--backend cuda: " + why);
    if (selection.backend == "cpu" || !cuda) {
        out.backend = Backend::Cpu;
        if (selection.backend == "auto") out.backendNote = "cpu backend (" + why + ")";
    } else {
        out.backend = Backend::Cuda;
    }
    if (selection.count < 0) throw UsageError("--count must be positive");
    SceneOptions options;
    options.seed = selection.seed;
    options.count = selection.count;
    options.backend = out.backend;
    options.inputs = selection.inputs;
    const std::string sceneName = selection.scene.empty() ? defaultSceneName() : selection.scene;
    out.scene = createScene(sceneName, options);
    if (!selection.kernel.empty()) {
        if (out.backend != Backend::Cuda)
            throw UsageError("--kernel needs the cuda backend (" + (why.empty() ? std::string("--backend cpu") : why) + ")");
        out.kernel = makeUserKernel(selection, *findScene(sceneName).family, liveKernel);
        out.scene = userkernel::withUserKernel(std::move(out.scene), out.kernel);
        if (!liveKernel && !out.kernel->waitUntilReady(600)) {
            const auto& status = out.kernel->status();
            throw Error(out.kernel->variantName() + " (" + out.kernel->path() + ") " +
                        userkernel::kernelStateName(status.state) + ":\n" + status.message);
        }
    }
    out.variant = out.scene->variantIndex(!selection.kernel.empty() && !selection.variantGiven && out.kernel
                                              ? out.kernel->variantName()
                                              : selection.variant);
    for (const auto& assignment : selection.params) {
        std::string name, value;
        splitAssignment(assignment, name, value);
        out.scene->setParameter(name, value);
    }
    if (selection.frame > 0 && out.scene->animated()) {
        CudaStream stream;  // set-up work: its own stream, finished before the caller's stream starts
        advanceTo(*out.scene, selection.frame, stream.get());
        stream.synchronize();
    }
    return out;
}

}  // namespace racelab
