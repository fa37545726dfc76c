// The kernel worker's executor (userkernel/kernel_executor.hpp): loads a user kernel's cubin with the CUDA
// runtime's library API, checks its tables against the family's contract (launch_tables.hpp) and runs them:
// the setup list once a scene, the launch list every frame, with the grids, repetitions, arguments and
// buffer sizes launch_plan.hpp works out; a whole-file solution's frame through whole_file_frame.hpp. Host
// code only; it runs in the worker process, never in racelab's own context.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <memory>

#include "userkernel/worker/access_checks.hpp"
#include "userkernel/worker/launch_tables.hpp"
#include "userkernel/worker/kernel_executor.hpp"
#include "userkernel/worker/kernel_handoff.hpp"  // kGuardBytes, kGuardPattern
#include "userkernel/worker/launch_plan.hpp"
#include "userkernel/worker/whole_file_checks.hpp"
#include "userkernel/worker/whole_file_frame.hpp"

namespace racelab::userkernel {
namespace {

// Counts the bytes of a guard that are no longer the pattern.
__global__ void countGuardDamage(const unsigned char* guard, std::size_t bytes, unsigned long long* damaged) {
    unsigned count = 0;
    for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < bytes; i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
        count += guard[i] != kGuardPattern;
    if (count) atomicAdd(damaged, static_cast<unsigned long long>(count));
}

// How often a frame runs again when its counted buffers keep growing: more means the counts are not counts.
constexpr int kMaxRunsAFrame = 3;

class KernelExecutorCuda final : public KernelExecutor {
public:
    KernelExecutorCuda() {
        check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "creating the worker's stream");
        check(cudaMallocHost(&staging_, kStagingBytes), "pinned staging memory");
        check(cudaHostAlloc(&guardDamage_, kMaxOutputs * sizeof(unsigned long long), cudaHostAllocMapped), "pinned guard counters");
        int device = 0;
        cudaGetDevice(&device);
        cudaGetDeviceProperties(&device_, device);
    }
    ~KernelExecutorCuda() override {
        closeBuffers();
        releaseImage();
        for (auto& t : timers_) cudaEventDestroy(t.first), cudaEventDestroy(t.second);
        freeScratch();
        if (library_) cudaLibraryUnload(library_);
        cudaFree(outputsBackup_);
        cudaFreeHost(staging_);
        cudaFreeHost(guardDamage_);
        cudaStreamDestroy(stream_);
    }

    LoadedKernel load(const std::vector<std::uint8_t>& cubin, const LoadSpec& spec) override {
        cudaStreamSynchronize(stream_);  // nothing of the old module still running (a frame stopped half-way)
        cudaGetLastError();
        if (library_) cudaLibraryUnload(library_), library_ = nullptr;
        freeScratch();
        steps_.clear(), setup_.clear(), scratch_.clear();
        spec_ = spec;
        cudaError_t e = cudaLibraryLoadData(&library_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
        if (e != cudaSuccess) {
            library_ = nullptr;
            cudaGetLastError();
            throw Error(spec.label + ": the GPU cannot load the compiled kernel (" + cudaText(e) + ")");
        }
        const ModuleGlobals globals(library_, cubin);
        scratch_ = readScratchList(globals, spec_);
        steps_ = readLaunchList(globals, spec_, "racelabLaunches", "racelabLaunchCount", scratch_, device_);
        setup_ = readLaunchList(globals, spec_, "racelabSetup", "racelabSetupCount", scratch_, device_);
        allowDynamicShared({&steps_, &setup_});
        checks_.attach(globals, stream_, spec.label);
        if (scratch_.size() > kPointerSlots) throw Error(spec.label + ": more than " + std::to_string(kPointerSlots) + " scratch buffers");
        std::size_t bytes = 0;
        void* parameters = globals.find(spec.parametersSymbol, &bytes);
        if (!parameters) {
            throw Error(spec.label + ": no " + spec.parametersSymbol + " in the module: include the family's header "
                        "(racelab/<family>.cuh) and read the frame's inputs from it");
        }
        if (bytes != spec.parametersBytes)
            throw Error(spec.label + ": " + spec.parametersSymbol + " is " + std::to_string(bytes) + " bytes, the contract's is " +
                        std::to_string(spec.parametersBytes) + ": do not redefine the family's parameter struct");
        parameters_ = parameters;
        needsSetup_ = true;
        counts_.assign(scratch_.size(), 0);
        LoadedKernel loaded;
        for (const LoadedStep& s : steps_) loaded.steps.push_back(s.name);
        for (const LoadedScratch& s : scratch_) loaded.scratch.push_back(s.name);
        ensureTimers(steps_.size() + 1);
        return loaded;
    }

    void openBuffers(const IpcBuffers& buffers) override {
        closeBuffers();
        needsSetup_ = true;  // a new size: the scene's setup runs again
        auto open = [&](const IpcHandle& handle) {
            cudaIpcMemHandle_t h;
            std::memcpy(&h, handle.data(), sizeof h);
            void* pointer = nullptr;
            check(cudaIpcOpenMemHandle(&pointer, h, cudaIpcMemLazyEnablePeerAccess), "opening racelab's buffers");
            return pointer;
        };
        for (const IpcHandle& h : buffers.inputs) inputs_.push_back(open(h));
        if (buffers.outputs.size() > kMaxOutputs) throw Error("a contract with more than 16 outputs");
        for (const IpcHandle& h : buffers.outputs) outputs_.push_back(open(h));
        // No event for a whole-file solution's worker (racelab waits itself: kernel_handoff.hpp).
        if (std::all_of(buffers.inputsReady.begin(), buffers.inputsReady.end(), [](std::uint8_t b) { return b == 0; })) return;
        cudaIpcEventHandle_t eventHandle;
        std::memcpy(&eventHandle, buffers.inputsReady.data(), sizeof eventHandle);
        check(cudaIpcOpenEventHandle(&inputsReady_, eventHandle), "opening racelab's event");
    }

    FrameTimes runFrame(const KernelFrame& frame) override {
        if (!library_) throw Error("no kernel loaded");
        if (!inputsReady_) throw Error("racelab's buffers are not open");
        check(cudaStreamWaitEvent(stream_, inputsReady_, 0), "waiting for racelab's inputs");
        setParameters(frame);
        const FrameShape shape{frame.sizes, frame.width, frame.height, device_.multiProcessorCount};
        const SceneKey key{frame.sceneId, frame.sizes, frame.width, frame.height};
        if (!(key == scene_)) scene_ = key, needsSetup_ = true;
        if (sizeBuffers(shape, nullptr)) needsSetup_ = true;
        const bool counted = std::any_of(scratch_.begin(), scratch_.end(), [](const LoadedScratch& s) { return s.entry.rule == kBufferCounted; });
        if (counted) keepOutputs(frame, false);
        FrameTimes times;
        const std::size_t guards = std::min(outputs_.size(), frame.outputs.size());
        for (int run = 1;; ++run) {
            if (run > 1) keepOutputs(frame, true);  // racelab's prepared outputs again, for the run again
            if (checks_.active()) {
                const KernelFrame::Traced& t = frame.traced;
                const bool traced = t.bytes && t.output >= 0 && static_cast<std::size_t>(t.output) < outputs_.size();
                checks_.trace(traced ? static_cast<const std::uint8_t*>(outputs_[static_cast<std::size_t>(t.output)]) + t.offset : nullptr, t.bytes);
                checks_.collectRacingWords(frame.racingWords);
                checks_.beginFrame(buffersToCheck(frame, inputs_, outputs_, scratch_));
            }
            if (needsSetup_) {
                clearRepeatCounts(setup_);
                runList(setup_, shape, false);
                needsSetup_ = false;
            }
            clearForFrame();
            runList(steps_, shape, true);
            // What the launch list wrote past the end of each output, counted on the same stream: one wait for both.
            for (std::size_t i = 0; i < guards; ++i) {
                guardDamage_[i] = 0;
                countGuardDamage<<<64, 256, 0, stream_>>>(static_cast<const unsigned char*>(outputs_[i]) + frame.outputs[i].bytes,
                                                          kGuardBytes, guardDamage_ + i);
            }
            finishOrFault("while running its launch list");
            if (!counted || !sizeBuffers(shape, &times.note)) break;
            needsSetup_ = true;  // a buffer made again holds zeros: what setup wrote into it is gone
            if (run == kMaxRunsAFrame)
                throw Error(spec_.label + ": its counted buffers needed more room on each of " + std::to_string(kMaxRunsAFrame) +
                            " runs of the frame (" + times.note + "): a count should not grow with the buffer it counts for");
        }
        if (checks_.active()) times.accesses = checks_.report();
        for (std::size_t i = 0; i < guards; ++i) times.guardDamage.push_back(static_cast<long long>(guardDamage_[i]));
        for (std::size_t i = 0; i < steps_.size(); ++i) {
            float ms = 0;
            cudaEventElapsedTime(&ms, timers_[i].first, timers_[i].second);
            times.stepMs.push_back(ms);
        }
        if (!steps_.empty()) {
            float ms = 0;
            cudaEventElapsedTime(&ms, timers_.front().first, timers_[steps_.size() - 1].second);
            times.kernelMs = ms;
        }
        return times;
    }

    FrameTimes runWholeFileFrame(WholeFileCalls& calls, int advances, const KernelFrame& frame) override {
        // racelab prepared the output and waited for it before asking (KernelHandoff::waitUntilPrepared).
        if (outputs_.empty()) throw Error("racelab's buffers are not open");
        ensureTimers(3);
        const bool checked = wholeFileChecks_ && wholeFileChecks_->active();
        if (checked) wholeFileChecks_->beginFrame(frame);
        FrameTimes times;
        try {
            times = runWholeFileCalls(calls, advances, frame, WholeFileFrameTools{stream_, timers_, outputs_[0], pinnedImage_});
        } catch (const KernelFault& e) {
            // racelab's own failure before a launch comes first: it may be why the frame went wrong.
            if (checked) {
                if (const std::string why = wholeFileChecks_->abandonFrame(); !why.empty()) throw KernelFault(why + "\n" + e.what());
            }
            throw;
        } catch (const Error&) {
            if (checked) {
                if (const std::string why = wholeFileChecks_->abandonFrame(); !why.empty()) throw Error(why);
            }
            throw;
        }
        if (checked) times.accesses = wholeFileChecks_->endFrame();
        return times;
    }

    void idleFrame() override { wakeWorker(stream_); }

    void attachWholeFile(const WholeFileAccessEntries& entries, const std::string& label) override {
        wholeFileChecks_.reset();
        wholeFileChecks_ = std::make_unique<WholeFileChecks>(checks_, entries, stream_, label);
    }

    void releaseImage() override { pinnedImage_.release(); }

private:
    static constexpr std::size_t kStagingBytes = 1 << 16;
    static constexpr std::size_t kReadBackAt = kStagingBytes - 64;  // where device integers are read into
    static constexpr std::size_t kPointerSlots = 4096;             // one a scratch buffer, its address as sent
    static constexpr std::size_t kPointerSlotsAt = kReadBackAt - kPointerSlots * sizeof(void*);
    static constexpr unsigned long long kMaxScratchBytes = 1ULL << 40;
    static constexpr std::size_t kMaxOutputs = 16;

    // What makes a scene new for the setup list: the scene racelab handed over and its sizes.
    struct SceneKey {
        long long sceneId = -1;
        std::vector<std::int64_t> sizes;
        int width = 0, height = 0;
        bool operator==(const SceneKey& o) const { return sceneId == o.sceneId && sizes == o.sizes && width == o.width && height == o.height; }
    };

    void check(cudaError_t e, const char* what) { checkCuda(e, what); }

    void ensureTimers(std::size_t count) {
        while (timers_.size() < count) {
            std::pair<cudaEvent_t, cudaEvent_t> t;
            check(cudaEventCreate(&t.first), "timing events");
            check(cudaEventCreate(&t.second), "timing events");
            timers_.push_back(t);
        }
    }

    // The stream's work done, or the fault that ended it (the context is unusable from here on).
    void finishOrFault(const char* when) {
        const cudaError_t done = cudaStreamSynchronize(stream_);
        if (done == cudaSuccess) return;
        std::string names;
        for (const LoadedStep& s : steps_) names += (names.empty() ? "" : ", ") + s.name;
        throw KernelFault(spec_.label + ": the kernel faulted (" + cudaText(done) + ") " + when + " (" + names + ")");
    }

    // The parameters with the worker's addresses of racelab's buffers.
    void setParameters(const KernelFrame& frame) {
        std::vector<std::uint8_t> parameters = frame.parameters;
        parameters.resize(spec_.parametersBytes);
        for (const KernelFrame::PointerField& p : frame.pointers) {
            const auto& list = p.output ? outputs_ : inputs_;
            if (p.index < 0 || p.index >= static_cast<int>(list.size()) || p.offset + sizeof(void*) > parameters.size())
                throw Error("a parameter pointer names no buffer");
            void* address = list[static_cast<std::size_t>(p.index)];
            std::memcpy(parameters.data() + p.offset, &address, sizeof address);
        }
        if (parameters.size() > kPointerSlotsAt) throw Error("a contract's parameters larger than the worker's staging memory");
        std::memcpy(staging_, parameters.data(), parameters.size());
        check(cudaMemcpyAsync(parameters_, staging_, parameters.size(), cudaMemcpyHostToDevice, stream_), "setting the parameters");
    }

    // Makes every scratch buffer at least as large as this frame needs (a counted one: as its last count
    // asks), zeroed, its address in its pointer. True when one was made; `grown` then tells which and why.
    bool sizeBuffers(const FrameShape& shape, std::string* grown) {
        bool made = false;
        for (std::size_t i = 0; i < scratch_.size(); ++i) {
            LoadedScratch& s = scratch_[i];
            if (grown && s.entry.rule == kBufferCounted) counts_[i] = readDeviceInteger(s.countVariable, s.entry.countBytes);
            const long long need = elementsOf(s.entry, shape, counts_[i]);
            if (need <= s.capacity) continue;
            if (grown && s.entry.rule == kBufferCounted)
                *grown += (grown->empty() ? "" : "; ") + s.name + " grew from " + std::to_string(s.capacity) + " to " + std::to_string(need) +
                          " elements (" + nameOf(s.entry.countVariable) + " = " + std::to_string(counts_[i]) + "), and the frame ran again";
            check(cudaStreamSynchronize(stream_), "before making a scratch buffer");
            cudaFree(s.memory);
            s.memory = nullptr, s.capacity = 0;
            if (s.entry.elementBytes <= 0 || static_cast<unsigned long long>(need) > kMaxScratchBytes / static_cast<unsigned long long>(s.entry.elementBytes))
                throw Error(spec_.label + ": scratch buffer " + s.name + " would need " + std::to_string(need) + " elements of " +
                            std::to_string(s.entry.elementBytes) + " bytes, more than racelab makes (" + std::to_string(kMaxScratchBytes >> 30) + " GiB)");
            const std::size_t bytes = static_cast<std::size_t>(need) * static_cast<std::size_t>(s.entry.elementBytes);
            if (cudaMalloc(&s.memory, bytes) != cudaSuccess) {
                cudaGetLastError();
                s.memory = nullptr;
                throw Error(spec_.label + ": scratch buffer " + s.name + " of " + std::to_string(bytes >> 20) +
                            " MiB does not fit in the GPU's free memory");
            }
            s.capacity = need;
            check(cudaMemsetAsync(s.memory, 0, bytes, stream_), "zeroing a scratch buffer");
            // On the stream, from page-locked memory of its own: ordered before every launch that reads it.
            void** slot = reinterpret_cast<void**>(static_cast<std::uint8_t*>(staging_) + kPointerSlotsAt) + i;
            *slot = s.memory;
            check(cudaMemcpyAsync(s.pointer, slot, sizeof(void*), cudaMemcpyHostToDevice, stream_), "setting a scratch pointer");
            made = true;
        }
        return made;
    }

    // Before each run of the frame: the buffers that are zero-filled every frame, the counts and the repeat
    // counts the launches write.
    void clearForFrame() {
        for (const LoadedScratch& s : scratch_) {
            if (s.entry.zeroFill)
                check(cudaMemsetAsync(s.memory, 0, static_cast<std::size_t>(s.capacity * s.entry.elementBytes), stream_), "clearing a scratch buffer");
            if (s.countVariable) check(cudaMemsetAsync(s.countVariable, 0, static_cast<std::size_t>(s.entry.countBytes), stream_), "clearing a count");
        }
        clearRepeatCounts(steps_);
    }

    void clearRepeatCounts(const std::vector<LoadedStep>& list) {
        for (const LoadedStep& s : list)
            if (s.repeatVariable)
                check(cudaMemsetAsync(s.repeatVariable, 0, static_cast<std::size_t>(s.entry.repeatVariableBytes), stream_), "clearing a repeat count");
    }

    long long readDeviceInteger(void* variable, int bytes) {
        auto* into = static_cast<std::uint8_t*>(staging_) + kReadBackAt;
        check(cudaMemcpyAsync(into, variable, static_cast<std::size_t>(bytes), cudaMemcpyDeviceToHost, stream_), "reading a count");
        finishOrFault("before reading a count");
        return deviceInteger(into, bytes);
    }

    // Runs `list` in order on the stream; `timed`: each launch between a pair of events (its repetitions
    // together).
    void runList(const std::vector<LoadedStep>& list, const FrameShape& shape, bool timed) {
        auto buffer = [&](const std::string& name) {
            for (const LoadedScratch& s : scratch_)
                if (s.name == name) return BufferView{s.memory, s.capacity};
            return BufferView{};
        };
        for (std::size_t i = 0; i < list.size(); ++i) {
            const LoadedStep& s = list[i];
            const long long deviceCount = s.repeatVariable ? readDeviceInteger(s.repeatVariable, s.entry.repeatVariableBytes) : 0;
            const long long repetitions = repetitionsOf(s.entry, shape, deviceCount, spec_.label);
            const Dim3 g = gridOf(s.entry, shape);
            const dim3 grid(g.x, g.y, g.z), block(static_cast<unsigned>(s.entry.block[0]), static_cast<unsigned>(s.entry.block[1]),
                                                  static_cast<unsigned>(s.entry.block[2]));
            if (timed) check(cudaEventRecord(timers_[i].first, stream_), "timing");
            ArgumentSlots slots = argumentsOf(s.entry, 0, shape, buffer);
            void* arguments[kMaxArguments] = {};
            for (std::size_t k = 0; k < slots.size(); ++k) arguments[k] = slots[k].data();
            for (long long r = 0; r < repetitions; ++r) {
                if (r > 0) putRepetition(s.entry, r, slots);
                if (checks_.active()) checks_.beforeLaunch(s.function, s.name, grid, block, static_cast<std::size_t>(std::max(0, s.entry.sharedBytes)));
                const cudaError_t e = cudaLaunchKernel(s.function, grid, block, slots.empty() ? nullptr : arguments,
                                                       static_cast<std::size_t>(std::max(0, s.entry.sharedBytes)), stream_);
                if (e == cudaErrorInvalidConfiguration || e == cudaErrorInvalidValue || e == cudaErrorLaunchOutOfResources) {
                    cudaGetLastError();  // this launch's shape: the context is fine
                    throw Error(spec_.label + ": launching " + s.name + " failed (" + cudaText(e) + ")");
                }
                if (e != cudaSuccess)  // an earlier launch's fault, reported here: the context is gone
                    throw KernelFault(spec_.label + ": the kernel faulted (" + cudaText(e) + ") before the launch of " + s.name);
            }
            if (timed) check(cudaEventRecord(timers_[i].second, stream_), "timing");
        }
    }

    // Copies racelab's prepared outputs aside (`restore` false) or back (true): a frame that runs again starts
    // from what racelab prepared, not from what the first run drew.
    void keepOutputs(const KernelFrame& frame, bool restore) {
        std::size_t total = 0;
        const std::size_t count = std::min(outputs_.size(), frame.outputs.size());
        for (std::size_t i = 0; i < count; ++i) total += frame.outputs[i].bytes;
        if (total > outputsBackupBytes_) {
            cudaFree(outputsBackup_);
            outputsBackup_ = nullptr, outputsBackupBytes_ = 0;
            check(cudaMalloc(&outputsBackup_, total), "memory to keep the outputs in");
            outputsBackupBytes_ = total;
        }
        std::size_t at = 0;
        for (std::size_t i = 0; i < count; ++i) {
            auto* kept = static_cast<std::uint8_t*>(outputsBackup_) + at;
            check(restore ? cudaMemcpyAsync(outputs_[i], kept, frame.outputs[i].bytes, cudaMemcpyDeviceToDevice, stream_)
                          : cudaMemcpyAsync(kept, outputs_[i], frame.outputs[i].bytes, cudaMemcpyDeviceToDevice, stream_),
                  "keeping the outputs");
            at += frame.outputs[i].bytes;
        }
    }

    void freeScratch() {
        for (LoadedScratch& s : scratch_) cudaFree(s.memory), s.memory = nullptr, s.capacity = 0;
    }

    void closeBuffers() {
        for (void* p : inputs_) cudaIpcCloseMemHandle(p);
        for (void* p : outputs_) cudaIpcCloseMemHandle(p);
        inputs_.clear(), outputs_.clear();
        if (inputsReady_) cudaEventDestroy(inputsReady_), inputsReady_ = nullptr;
    }

    cudaStream_t stream_ = nullptr;
    void* staging_ = nullptr;
    cudaDeviceProp device_{};
    cudaLibrary_t library_ = nullptr;
    LoadSpec spec_;
    void* parameters_ = nullptr;
    std::vector<LoadedStep> steps_, setup_;
    std::vector<LoadedScratch> scratch_;
    std::vector<long long> counts_;  // each counted buffer's last count
    bool needsSetup_ = true;
    SceneKey scene_;
    void* outputsBackup_ = nullptr;
    std::size_t outputsBackupBytes_ = 0;
    std::vector<std::pair<cudaEvent_t, cudaEvent_t>> timers_;
    std::vector<void*> inputs_, outputs_;
    cudaEvent_t inputsReady_ = nullptr;
    unsigned long long* guardDamage_ = nullptr;  // mapped pinned memory the guard check counts into
    AccessChecks checks_;                        // an instrumented build's shadow memory and report
    std::unique_ptr<WholeFileChecks> wholeFileChecks_;  // an instrumented whole-file solution's hooks into them
    PinnedImage pinnedImage_;                    // a whole-file solution's image buffer, page-locked
};

}  // namespace

std::unique_ptr<KernelExecutor> makeKernelExecutor() { return std::make_unique<KernelExecutorCuda>(); }

}  // namespace racelab::userkernel
