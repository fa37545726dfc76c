#include "userkernel/user_kernel.hpp"
#include "userkernel/racecheck/access_findings.hpp"
#include "userkernel/worker/cubin_symbols.hpp"

#include <algorithm>
#include <functional>
#include <string_view>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "core/errors.hpp"
#include "core/frame_graph.hpp"
#include "core/gpu_timing.hpp"
#include "userkernel/kernel_runner.hpp"
#include "userkernel/worker/kernel_handoff.hpp"
#include "userkernel/build/whole_file_build.hpp"
#include "userkernel/worker/worker_messages.hpp"
#include "userkernel/worker/worker_process.hpp"
#include "scenes/gpu_half.hpp"

namespace racelab::userkernel {

const char* kernelStateName(KernelState state) {
    switch (state) {
        case KernelState::Compiling: return "compiling";
        case KernelState::Running: return "running";
        case KernelState::CompileFailed: return "does not compile";
        case KernelState::ContractBroken: return "breaks the contract";
        case KernelState::Faulted: return "faulted";
        case KernelState::Unavailable: return "unavailable";
    }
    return "?";
}

void checkKernelPath(const std::string& path, const KernelContract& contract) {
    std::error_code ec;
    if (wholeFileSolution(path, contract) || !std::filesystem::is_directory(path, ec)) return;
    throw UsageError("--kernel " + path + ": a folder holds no kernel here (a whole-file solution's folder holds " +
                     (contract.wholeFile ? contract.wholeFile->solutionFile : std::string("its .cu file")) + ")");
}

UserKernel::UserKernel(std::string path, std::string family, KernelContract contract, UserKernelOptions options)
    : family_(std::move(family)), contract_(std::move(contract)), options_(std::move(options)) {
    std::error_code ec;
    path_ = std::filesystem::absolute(path, ec).lexically_normal().string();
    // The form is chosen here, once: everything that differs between the two is the runner's.
    if (const std::optional<std::string> solution = wholeFileSolution(path_, contract_)) {
        path_ = *solution;
        runner_ = makeWholeFileRunner(*this);
    } else {
        runner_ = makeLaunchListRunner(*this);
    }
    if (options_.architecture.empty()) options_.architecture = cudaDeviceArchitecture();
    if (options_.architecture.empty()) {
        std::string why;
        cudaUsable(&why);
        fail(KernelState::Unavailable, "user kernels need a CUDA device: " + why);
        return;
    }
    if (!runner_->prepare()) return;
    compiler_ = std::make_unique<BackgroundCompiler>(runner_->compileRequest(), options_.cacheFolder, options_.watch);
    // The worker's CUDA context (a few hundred ms) comes up while the kernel compiles and the scene is made.
    try {
        worker_ = std::make_unique<WorkerProcess>(variantName());
        worker_->setLauncher(runner_->workerLauncher());
        if (runner_->form().runsHostCode) worker_->setLimits(options_.limits);  // the limits it sets on itself
        worker_->launch(currentCudaDevice());
    } catch (const Error&) {
        worker_.reset();  // ensureWorker tries again and reports why
    }
}

UserKernel::~UserKernel() {
    compiler_.reset();
    worker_.reset();  // ends the worker (and its sandbox) before the runner removes its folder
    runner_.reset();
}

const KernelForm& UserKernel::form() const { return runner_->form(); }

std::string UserKernel::variantName() const { return runner_->variantName(); }

UserKernel::RequestLimit UserKernel::requestLimit(double ownSeconds) const {
    RequestLimit limit{static_cast<int>(ownSeconds * 1000), false};
    if (deadline_) {
        const double left = std::chrono::duration<double>(*deadline_ - std::chrono::steady_clock::now()).count();
        if (left < ownSeconds) limit = {static_cast<int>(std::max(left, 0.05) * 1000), true};
    }
    return limit;
}

void UserKernel::sayBudgetRanOut(WorkerReply& reply, const RequestLimit& limit, const std::string& what) {
    if (!reply.timedOut || !limit.budgetBound) return;
    char left[32];
    std::snprintf(left, sizeof left, "%.2f s", limit.milliseconds / 1000.0);
    const std::string who = reply.error.substr(0, reply.error.find(" did not finish"));
    reply.error = who + " did not finish " + what + " before its grading budget ran out (the last " + left +
                  " of it): its worker was stopped";
}

void UserKernel::fail(KernelState state, const std::string& message, bool timedOut, bool outsideItsMemory) {
    status_.state = state;
    status_.message = message;
    status_.timedOut = timedOut;
    status_.outsideItsMemory = outsideItsMemory;
}

bool UserKernel::failFrame(KernelState state, const std::string& message, bool timedOut, bool outsideItsMemory) {
    fail(state, message, timedOut, outsideItsMemory);
    ++status_.failedFrames;
    loaded_.reset();  // not run again until the next save (or retry)
    status_.runningBuild = false;
    return false;
}

bool UserKernel::retry() {
    poll();
    if (loaded_ && worker_ && worker_->running()) return true;
    if (!lastGood_) return false;
    if (!load(*lastGood_)) return false;
    status_.state = KernelState::Running;
    status_.message = lastGood_->messages();
    status_.timedOut = status_.outsideItsMemory = false;
    return true;
}

void UserKernel::poll() {
    if (!compiler_) return;
    if (auto build = compiler_->takeFinished()) takeBuild(std::move(*build));
}

void UserKernel::recompile() {
    if (compiler_) compiler_->recompile();
}

bool UserKernel::waitUntilReady(double seconds) {
    if (!compiler_) return false;
    if (auto build = compiler_->waitForBuild(static_cast<int>(seconds * 1000))) takeBuild(std::move(*build));
    return status_.state == KernelState::Running;
}

void UserKernel::takeBuild(KernelBuild build) {
    ++status_.builds;
    status_.compileMs = build.compileMs;
    status_.fromCache = build.fromCache;
    if (!build.ok) {
        // The last good build, if any, keeps running; the error stays on screen until a save compiles.
        fail(KernelState::CompileFailed, build.messages());
        if (live()) {  // check, bench, render and frames end with the message instead
            std::fprintf(stderr, "%s", status_.message.c_str());
            if (!status_.message.empty() && status_.message.back() != '\n') std::fputc('\n', stderr);
        }
        return;
    }
    if (load(build)) {
        status_.state = KernelState::Running;
        // Warnings stay visible while the kernel runs.
        status_.message = build.messages();
        lastGood_ = build;
    }
}

bool UserKernel::ensureWorker() {
    try {
        if (worker_ && worker_->running()) {
            worker_->awaitReady();  // launched early by the constructor
            return true;
        }
        if (!worker_) worker_ = std::make_unique<WorkerProcess>(variantName());
        worker_->setLauncher(runner_->workerLauncher());
        if (runner_->form().runsHostCode) worker_->setLimits(options_.limits);  // the limits it sets on itself
        worker_->start(currentCudaDevice());
        workerHasBuffers_ = false;
        loaded_.reset();
        return true;
    } catch (const Error& e) {
        fail(KernelState::Unavailable, e.what());
        return false;
    }
}

bool UserKernel::load(const KernelBuild& build) {
    if (runner_->renewWorker(worker_)) workerHasBuffers_ = false;
    if (!ensureWorker()) return false;
    const WorkerReply reply = runner_->load(*worker_, build);
    if (reply.ok) {  // the worker took it: it runs
        loaded_ = build;
        status_.steps = reply.message.value("steps", std::vector<std::string>{});
        status_.runningBuild = true;
        runner_->loaded();
        return true;
    }
    fail(reply.workerLost ? KernelState::Faulted : KernelState::ContractBroken, reply.error);
    if (live()) std::fprintf(stderr, "%s\n", reply.error.c_str());
    loaded_.reset();
    status_.runningBuild = false;
    // The last good build keeps running where the runner can load it again (unless the build that failed was
    // the last good one itself, being reloaded).
    if (lastGood_ && &build != &*lastGood_ && !reply.workerLost && runner_->restore(*worker_, *lastGood_))
        loaded_ = lastGood_, status_.runningBuild = true;
    return false;
}

bool UserKernel::render(UserKernelSide& side, const FrameTarget& target) {
    poll();
    if (!loaded_ || !worker_ || !worker_->running()) return false;
    if (!handoff_) handoff_ = makeKernelHandoff();
    KernelFrame frame = side.userKernelFrame(target);
    frame.sceneId = side.sceneId();
    if (options_.tracedPixel && !frame.outputs.empty()) frame.traced = tracedBytes(frame, *options_.tracedPixel);
    frame.racingWords = options_.racingWords;
    if (!runner_->startFrame(frame)) return false;
    std::vector<std::size_t> inputBytes, outputBytes;
    for (const auto& input : frame.inputs) inputBytes.push_back(input.bytes);
    for (const auto& output : frame.outputs) outputBytes.push_back(output.bytes);
    if (handoff_->reserve(inputBytes, outputBytes)) workerHasBuffers_ = false;
    if (!workerHasBuffers_) {
        const WorkerReply reply =
            worker_->request(buffersRequest(runner_->workerBuffers(*handoff_)), kControlTimeoutMs, "opening racelab's buffers");
        if (!reply.ok) {
            return failFrame(KernelState::Faulted, reply.error);
        }
        workerHasBuffers_ = true;
        handoff_->releaseRetired();
    }
    // The hand-over records an interprocess event and the worker's answer is waited for: no graph holds that.
    endFrameCapture(target.stream);
    const auto start = std::chrono::steady_clock::now();
    side.prepareUserKernelOutputs(handoff_->outputs(), target);
    runner_->handOver(*handoff_, frame, target.stream);
    const RequestLimit limit = requestLimit(options_.timeoutSeconds);
    char ownLimit[32];
    std::snprintf(ownLimit, sizeof ownLimit, "%g", options_.timeoutSeconds);
    const auto asked = std::chrono::steady_clock::now();
    WorkerReply reply = worker_->request(frameRequest(frame, ++frameId_), limit.milliseconds,
                                         variantName() + " did not finish a frame (--kernel-timeout " + ownLimit + ")");
    const auto answered = std::chrono::steady_clock::now();
    const double answeredMs = std::chrono::duration<double, std::milli>(answered - asked).count();
    sayBudgetRanOut(reply, limit, "a frame");
    status_.workerOutput = worker_->recentOutput();
    if (!reply.ok) {
        std::string message = reply.error;
        if (!status_.workerOutput.empty()) message += "\nthe kernel's last output:" + status_.workerOutput;
        if (live()) {  // elsewhere the command ends with the message instead
            if (reply.workerLost) message += "\nracelab goes on; save the file to try again";
            std::fprintf(stderr, "%s\n", message.c_str());
        }
        return failFrame(reply.workerLost ? KernelState::Faulted : KernelState::ContractBroken, message, reply.timedOut);
    }
    const FrameTimes times = timesFrom(reply.message);
    for (std::size_t i = 0; i < times.guardDamage.size() && i < frame.outputs.size(); ++i)
        if (times.guardDamage[i] > 0) {
            // The frame is not shown: what lies in the output may be as wrong as what lies after it.
            const std::string message = variantName() + " (" + path_ + ") wrote past the end of " + frame.outputs[i].name + ": " +
                                        std::to_string(times.guardDamage[i]) + " of the " + std::to_string(kGuardBytes / 1024) +
                                        " KiB after it changed (an index a row or an element too far?)";
            if (live()) std::fprintf(stderr, "%s\nracelab goes on; save the file to try again\n", message.c_str());
            // Like a fault, it is not run again until the next save; the worker itself is unharmed.
            return failFrame(KernelState::ContractBroken, message, false, true);
        }
    status_.accesses = times.accesses;
    status_.frameWidth = frame.width, status_.frameHeight = frame.height;
    status_.frameOutputs.clear();
    for (const auto& output : frame.outputs) status_.frameOutputs.emplace_back(output.name, output.bytes);
    if (options_.skippedAccessFailsTheFrame && times.accesses && times.accesses->strayCount > 0) {
        // The checked mode kept the GPU safe, but the frame is missing what those accesses would have done.
        const std::string message = variantName() + " (" + path_ + ") accessed memory outside its buffers; the checked mode " +
                                    "skipped it before it reached the GPU:\n" + accessFindingsText(*times.accesses);
        if (live()) std::fprintf(stderr, "%s\nracelab goes on; save the file to try again\n", message.c_str());
        return failFrame(KernelState::ContractBroken, message, false, true);
    }
    if (status_.state != KernelState::Running && status_.state != KernelState::CompileFailed) {
        status_.state = KernelState::Running;
        status_.message.clear();
    }
    side.drawUserKernelOutputs(handoff_->outputs(), target);
    const double roundTripMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    status_.kernelMs = times.kernelMs;
    status_.stepMs = times.stepMs;
    status_.eventStepMs = times.eventStepMs;
    status_.imageMs = times.imageMs;
    if (!times.note.empty()) {
        // Said each time it happens (a counted buffer grown: once a scene, as a rule), not every frame.
        status_.note = times.note;
        std::fprintf(stderr, "%s: %s\n", variantName().c_str(), times.note.c_str());
    }
    status_.handoffMs = std::max(0.0, roundTripMs - times.kernelMs);
    // Only while frames are recorded (grade, bench, the tests): nothing else reads it, and a new size's first
    // share times the image's crossings.
    const std::optional<double> share = recording_ ? runner_->racelabShareMs(frame) : std::nullopt;
    status_.parentMs = share ? std::optional<double>(std::max(0.0, answeredMs - *share)) : std::nullopt;
    // The first frame after a scene started in this worker: its own round trip by racelab's clock. Setup is
    // not in it: the course times no setup, and an honest setup's cost is the solution's own business.
    status_.firstPictureMs.reset();
    if (runner_->newRenderer() && share) status_.firstPictureMs = status_.parentMs;
    runner_->frameDone(frame);
    ++status_.frames;
    if (recording_) record();
    return true;
}

void UserKernel::record() {
    recorded_.kernelMs.push_back(status_.kernelMs);
    recorded_.handoffMs.push_back(status_.handoffMs);
    recorded_.imageMs.push_back(status_.imageMs);
    if (status_.parentMs) recorded_.parentMs.push_back(*status_.parentMs);
    if (recorded_.stepNames != status_.steps) recorded_.stepNames = status_.steps, recorded_.stepMs.assign(status_.steps.size(), {});
    for (std::size_t i = 0; i < status_.stepMs.size() && i < recorded_.stepMs.size(); ++i)
        recorded_.stepMs[i].push_back(status_.stepMs[i]);
}

void UserKernel::recordFrameTimes(bool on) {
    recording_ = on;
    if (on) recorded_ = {};
    if (on && runner_) runner_->beforeTimedFrames();
}

std::string UserKernel::placeholderReason() const {
    if (status_.state != KernelState::Compiling) return kernelStateName(status_.state);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - created_).count();
    char text[48];
    std::snprintf(text, sizeof text, "compiling (%.0f s)", seconds);
    return text;
}

void UserKernel::drawPlaceholder(const FrameTarget& target) {
    if (!target.onDevice) return;
    if (!handoff_) handoff_ = makeKernelHandoff();
    handoff_->fillPlaceholder(target);
}

std::optional<AccessSites> UserKernel::accessSites() const {
    if (!loaded_) return std::nullopt;
    if (loaded_->accessSites) return loaded_->accessSites;  // a whole file's: its build found them in nvcc's PTX
    // Read from the cubin once a build (view --races asks every frame it races), known by its bytes' hash.
    const std::size_t build = std::hash<std::string_view>{}(
        std::string_view(reinterpret_cast<const char*>(loaded_->cubin.data()), loaded_->cubin.size()));
    if (build != sitesBuild_) {
        const std::optional<CubinSymbols> symbols = readCubinSymbols(loaded_->cubin);
        const auto bytes = symbols ? symbols->variableBytes(kAccessSitesSymbol) : std::nullopt;
        sites_ = bytes ? accessSitesFromJson(*bytes) : std::nullopt;
        sitesBuild_ = build;
    }
    return sites_;
}

std::string UserKernel::accessFindingsText(const AccessReport& report) const {
    const std::optional<AccessSites> sites = accessSites();
    if (!sites) return "";
    return formatAccessFindings(report, *sites, findingContext());
}

FindingContext UserKernel::findingContext() const {
    FindingContext context;
    for (const std::string& file : localIncludes(path_)) context.userFiles.insert(file);
    context.width = status_.frameWidth, context.height = status_.frameHeight, context.outputs = status_.frameOutputs;
    return context;
}

}  // namespace racelab::userkernel
