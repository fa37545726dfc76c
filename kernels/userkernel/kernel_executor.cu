// The kernel worker's executor (userkernel/kernel_executor.hpp): loads a user kernel's cubin with the CUDA
// runtime's library API, checks it against the family's contract and runs its launch list. Host code only;
// it runs in the worker process, never in racelab's own context.
#include <cuda_runtime.h>
#include <cxxabi.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "userkernel/cubin_symbols.hpp"  // plainKernelName: the names compile-time checks use too
#include "userkernel/kernel_executor.hpp"
#include "userkernel/kernel_handoff.hpp"  // kGuardBytes, kGuardPattern
#include "userkernel/device/racelab/launch.cuh"

namespace racelab::userkernel {
namespace {

std::string cudaText(cudaError_t e) { return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e); }

// Does nothing: launched before a whole-file frame's timed calls, so that the GPU's switch from racelab's
// context to the worker's (some 0.1 ms, racelab's cost of two processes) falls outside them.
__global__ void wakeWorkerContext() {}

// Counts the bytes of a guard that are no longer the pattern.
__global__ void countGuardDamage(const unsigned char* guard, std::size_t bytes, unsigned long long* damaged) {
    unsigned count = 0;
    for (std::size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < bytes; i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
        count += guard[i] != kGuardPattern;
    if (count) atomicAdd(damaged, static_cast<unsigned long long>(count));
}

// "(int, float*)" from a mangled kernel symbol; "" for an extern "C" one, which carries no parameter list.
std::string parameterList(const char* mangled) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
    if (status != 0 || !text) return "";
    const std::string name = text.get();
    const auto paren = name.find('(');
    return paren == std::string::npos ? "" : name.substr(paren);
}

std::string nameOf(const char (&chars)[kNameChars]) { return std::string(chars, strnlen(chars, kNameChars)); }

class KernelExecutorCuda final : public KernelExecutor {
public:
    KernelExecutorCuda() {
        check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "creating the worker's stream");
        check(cudaMallocHost(&staging_, kStagingBytes), "pinned staging memory");
        check(cudaHostAlloc(&guardDamage_, kMaxOutputs * sizeof(unsigned long long), cudaHostAllocMapped), "pinned guard counters");
    }
    ~KernelExecutorCuda() override {
        closeBuffers();
        for (auto& t : timers_) cudaEventDestroy(t.first), cudaEventDestroy(t.second);
        for (auto& s : scratch_) cudaFree(s.memory);
        if (library_) cudaLibraryUnload(library_);
        cudaFreeHost(staging_);
        cudaFreeHost(guardDamage_);
        cudaStreamDestroy(stream_);
    }

    LoadedKernel load(const std::vector<std::uint8_t>& cubin, const LoadSpec& spec) override {
        if (library_) cudaLibraryUnload(library_), library_ = nullptr;
        for (auto& s : scratch_) cudaFree(s.memory);
        steps_.clear(), scratch_.clear();
        spec_ = spec;
        cudaError_t e = cudaLibraryLoadData(&library_, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
        if (e != cudaSuccess) {
            library_ = nullptr;
            cudaGetLastError();
            throw Error(spec.label + ": the GPU cannot load the compiled kernel (" + cudaText(e) + ")");
        }
        readLaunchList();
        readScratchList();
        void* parameters = nullptr;
        std::size_t bytes = 0;
        if (cudaLibraryGetGlobal(&parameters, &bytes, library_, spec.parametersSymbol.c_str()) != cudaSuccess) {
            cudaGetLastError();
            throw Error(spec.label + ": no " + spec.parametersSymbol + " in the module: include the family's header "
                        "(racelab/<family>.cuh) and read the frame's inputs from it");
        }
        if (bytes != spec.parametersBytes)
            throw Error(spec.label + ": " + spec.parametersSymbol + " is " + std::to_string(bytes) + " bytes, the contract's is " +
                        std::to_string(spec.parametersBytes) + ": do not redefine the family's parameter struct");
        parameters_ = parameters;
        LoadedKernel loaded;
        for (const Step& s : steps_) loaded.steps.push_back(s.name);
        for (const Scratch& s : scratch_) loaded.scratch.push_back(s.name);
        while (timers_.size() < steps_.size() + 1) {
            std::pair<cudaEvent_t, cudaEvent_t> t;
            check(cudaEventCreate(&t.first), "timing events");
            check(cudaEventCreate(&t.second), "timing events");
            timers_.push_back(t);
        }
        return loaded;
    }

    void openBuffers(const IpcBuffers& buffers) override {
        closeBuffers();
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
        // The parameters with the worker's addresses of racelab's buffers, then the scratch pointers.
        std::vector<std::uint8_t> parameters = frame.parameters;
        parameters.resize(spec_.parametersBytes);
        for (const KernelFrame::PointerField& p : frame.pointers) {
            const auto& list = p.output ? outputs_ : inputs_;
            if (p.index < 0 || p.index >= static_cast<int>(list.size()) || p.offset + sizeof(void*) > parameters.size())
                throw Error("a parameter pointer names no buffer");
            void* address = list[static_cast<std::size_t>(p.index)];
            std::memcpy(parameters.data() + p.offset, &address, sizeof address);
        }
        auto* staged = static_cast<std::uint8_t*>(staging_);
        std::memcpy(staged, parameters.data(), parameters.size());
        check(cudaMemcpyAsync(parameters_, staged, parameters.size(), cudaMemcpyHostToDevice, stream_), "setting the parameters");
        std::size_t stagedAt = (parameters.size() + 15) / 16 * 16;
        for (Scratch& s : scratch_) {
            const long long units = s.sizeIndex < 0 ? 1 : frame.sizes.at(static_cast<std::size_t>(s.sizeIndex));
            const std::size_t bytes = static_cast<std::size_t>(std::max(1LL, units * s.perSize * s.elementBytes));
            if (bytes > s.bytes) {
                check(cudaStreamSynchronize(stream_), "before growing a scratch buffer");
                cudaFree(s.memory);
                s.memory = nullptr, s.bytes = 0;
                const cudaError_t e = cudaMalloc(&s.memory, bytes);
                if (e != cudaSuccess) {
                    cudaGetLastError();
                    throw Error(spec_.label + ": scratch buffer " + s.name + " of " + std::to_string(bytes >> 20) +
                                " MiB does not fit in the GPU's free memory");
                }
                s.bytes = bytes;
            }
            check(cudaMemsetAsync(s.memory, 0, bytes, stream_), "clearing a scratch buffer");
            std::memcpy(staged + stagedAt, &s.memory, sizeof(void*));
            check(cudaMemcpyAsync(s.pointer, staged + stagedAt, sizeof(void*), cudaMemcpyHostToDevice, stream_),
                  "setting a scratch pointer");
            stagedAt += 16;
        }
        for (std::size_t i = 0; i < steps_.size(); ++i) {
            const Step& s = steps_[i];
            dim3 grid;
            if (s.rule == kGridPerItem) {
                const long long items = frame.sizes.at(static_cast<std::size_t>(s.sizeIndex));
                grid = dim3(static_cast<unsigned>(std::max(1LL, (items + s.block.x - 1) / s.block.x)));
            } else if (s.rule == kGridPerPixel) {
                grid = dim3(static_cast<unsigned>((frame.width + static_cast<int>(s.block.x) - 1) / static_cast<int>(s.block.x)),
                            static_cast<unsigned>((frame.height + static_cast<int>(s.block.y) - 1) / static_cast<int>(s.block.y)));
            } else if (s.rule == kGridPerSm) {
                grid = dim3(static_cast<unsigned>(multiprocessors_) * s.grid.x);
            } else {
                grid = s.grid;
            }
            check(cudaEventRecord(timers_[i].first, stream_), "timing");
            const cudaError_t e = cudaLaunchKernel(s.function, grid, s.block, nullptr, s.sharedBytes, stream_);
            if (e != cudaSuccess) {
                cudaGetLastError();
                throw Error(spec_.label + ": launching " + s.name + " failed (" + cudaText(e) + ")");
            }
            check(cudaEventRecord(timers_[i].second, stream_), "timing");
        }
        // What the launch list wrote past the end of each output, counted on the same stream: one wait for both.
        const std::size_t guards = std::min(outputs_.size(), frame.outputs.size());
        for (std::size_t i = 0; i < guards; ++i) {
            guardDamage_[i] = 0;
            countGuardDamage<<<64, 256, 0, stream_>>>(static_cast<const unsigned char*>(outputs_[i]) + frame.outputs[i].bytes,
                                                      kGuardBytes, guardDamage_ + i);
        }
        const cudaError_t done = cudaStreamSynchronize(stream_);
        if (done != cudaSuccess) {
            std::string names;
            for (const Step& s : steps_) names += (names.empty() ? "" : ", ") + s.name;
            throw KernelFault(spec_.label + ": the kernel faulted (" + cudaText(done) + ") while running its launch list (" +
                              names + ")");
        }
        FrameTimes times;
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
        while (timers_.size() < 3) {
            std::pair<cudaEvent_t, cudaEvent_t> t;
            check(cudaEventCreate(&t.first), "timing events");
            check(cudaEventCreate(&t.second), "timing events");
            timers_.push_back(t);
        }
        wakeWorkerContext<<<1, 1, 0, stream_>>>();
        check(cudaStreamSynchronize(stream_), "waking the worker's context");
        FrameTimes times;
        times.stepMs.assign(3, 0.0);
        times.eventStepMs.assign(3, 0.0);
        // The course's measure: the wall clock around the call, which ends in a device synchronize; the events
        // go on the legacy default stream, which the solution's own launches use unless it made streams.
        auto timed = [&](int index, const char* name, auto&& call) {
            check(cudaEventRecord(timers_[index].first, 0), "timing");
            const auto start = std::chrono::steady_clock::now();
            call();
            const cudaError_t done = cudaDeviceSynchronize();
            times.stepMs[index] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            if (done != cudaSuccess)
                throw KernelFault(calls.label() + ": the solution faulted (" + cudaText(done) + ") in its " + name + "()");
            // An error the solution left unread (a launch it never checked) is told, not hidden in a wrong frame.
            if (const cudaError_t left = cudaGetLastError(); left != cudaSuccess)
                throw Error(calls.label() + ": a CUDA call in its " + name + "() failed and the solution did not check it (" +
                            cudaText(left) + ")");
            check(cudaEventRecord(timers_[index].second, 0), "timing");
            check(cudaEventSynchronize(timers_[index].second), "timing");
            float ms = 0;
            cudaEventElapsedTime(&ms, timers_[index].first, timers_[index].second);
            times.eventStepMs[index] += ms;
        };
        timed(0, "clearImage", [&] { calls.clearImage(); });
        for (int i = 0; i < advances; ++i) timed(1, "advanceAnimation", [&] { calls.advanceAnimation(); });
        timed(2, "render", [&] { calls.render(); });
        times.kernelMs = times.stepMs[0] + times.stepMs[1] + times.stepMs[2];

        const auto imageStart = std::chrono::steady_clock::now();
        int width = 0, height = 0;
        const float* image = calls.image(width, height);
        if (!image) throw Error(calls.label() + ": getImage() returned no image");
        if (width != frame.width || height != frame.height)
            throw Error(calls.label() + ": getImage() returned a " + std::to_string(width) + "x" + std::to_string(height) +
                        " image for a " + std::to_string(frame.width) + "x" + std::to_string(frame.height) + " frame");
        const std::size_t bytes = 4 * sizeof(float) * static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
        if (frame.outputs.empty() || frame.outputs[0].bytes < bytes) throw Error("the frame's output is smaller than its image");
        check(cudaMemcpy(outputs_[0], image, bytes, cudaMemcpyHostToDevice), "copying the image to racelab");
        times.imageMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - imageStart).count();
        return times;
    }

private:
    static constexpr std::size_t kStagingBytes = 1 << 16;
    static constexpr std::size_t kMaxOutputs = 16;

    struct Step {
        std::string name;
        std::string parameters;  // as demangled, e.g. "()"
        const void* function = nullptr;
        int rule = 0, sizeIndex = -1;
        dim3 block, grid;
        unsigned sharedBytes = 0;
    };
    struct Scratch {
        std::string name;
        void* pointer = nullptr;  // the module's __device__ pointer variable
        int sizeIndex = -1;
        long long perSize = 0, elementBytes = 0;
        void* memory = nullptr;
        std::size_t bytes = 0;
    };

    void check(cudaError_t e, const char* what) {
        if (e == cudaSuccess) return;
        cudaGetLastError();
        throw KernelFault(std::string("kernel worker: ") + what + " failed (" + cudaText(e) + ")");
    }

    template <class Entry>
    // The count first: RACELAB_LAUNCHES always records both counts, so a list the file does not have (no scratch
    // buffers) is never looked up; only a file without a launch list at all makes a lookup fail.
    std::vector<Entry> readTable(const char* table, const char* count) {
        void* number = nullptr;
        std::size_t numberBytes = 0;
        if (cudaLibraryGetGlobal(&number, &numberBytes, library_, count) != cudaSuccess) {
            cudaGetLastError();
            return {};
        }
        int n = 0;
        check(cudaMemcpy(&n, number, sizeof n, cudaMemcpyDeviceToHost), "reading the launch list");
        if (n <= 0) return {};
        void* entries = nullptr;
        std::size_t bytes = 0;
        if (cudaLibraryGetGlobal(&entries, &bytes, library_, table) != cudaSuccess) {
            cudaGetLastError();
            throw Error(spec_.label + ": the module records " + std::to_string(n) + " entries of " + table + " but has no table");
        }
        std::vector<Entry> out(static_cast<std::size_t>(n));
        if (bytes < out.size() * sizeof(Entry)) throw Error(spec_.label + ": " + table + " is shorter than its count");
        check(cudaMemcpy(out.data(), entries, out.size() * sizeof(Entry), cudaMemcpyDeviceToHost), "reading the launch list");
        return out;
    }

    void readLaunchList() {
        const auto list = readTable<LaunchStep>("racelabLaunches", "racelabLaunchCount");
        if (list.empty())
            throw Error(spec_.label + ": no launch list: end the file with RACELAB_LAUNCHES(...) naming the kernels to run "
                        "in order (racelab/launch.cuh)");
        // Every kernel of the module by its plain name.
        unsigned count = 0;
        check(cudaLibraryGetKernelCount(&count, library_), "listing the kernels");
        std::vector<cudaKernel_t> kernels(count);
        if (count) check(cudaLibraryEnumerateKernels(kernels.data(), count, library_), "listing the kernels");
        int device = 0;
        cudaGetDevice(&device);
        cudaDeviceProp props{};
        cudaGetDeviceProperties(&props, device);
        multiprocessors_ = props.multiProcessorCount;
        for (const LaunchStep& entry : list) {
            Step s;
            s.name = nameOf(entry.kernel);
            for (cudaKernel_t k : kernels) {
                const char* mangled = nullptr;
                if (cudaFuncGetName(&mangled, reinterpret_cast<const void*>(k)) == cudaSuccess && mangled &&
                    plainKernelName(mangled) == s.name) {
                    s.function = reinterpret_cast<const void*>(k);
                    s.parameters = parameterList(mangled);
                }
            }
            cudaGetLastError();
            if (!s.function)
                throw Error(spec_.label + ": the launch list names " + s.name + ", which is no __global__ function of the file");
            // The launch macros refuse such a kernel when it compiles; a table written by hand is caught here, by
            // the mangled name's parameter list (asking cudaFuncGetParamInfo would fail for every good kernel).
            if (!s.parameters.empty() && s.parameters != "()" && s.parameters != "(void)")
                throw Error(spec_.label + ": kernel " + s.name + s.parameters + " takes parameters; racelab launches "
                            "kernels without arguments: read the frame's inputs from " + spec_.parametersSymbol);
            s.rule = entry.rule;
            s.sizeIndex = entry.sizeIndex;
            s.block = dim3(static_cast<unsigned>(std::max(1, entry.block[0])), static_cast<unsigned>(std::max(1, entry.block[1])),
                           static_cast<unsigned>(std::max(1, entry.block[2])));
            s.grid = dim3(static_cast<unsigned>(std::max(1, entry.grid[0])), static_cast<unsigned>(std::max(1, entry.grid[1])),
                          static_cast<unsigned>(std::max(1, entry.grid[2])));
            s.sharedBytes = static_cast<unsigned>(std::max(0, entry.sharedBytes));
            if (s.rule == kGridPerItem && (s.sizeIndex < 0 || s.sizeIndex >= static_cast<int>(spec_.sizes.size())))
                throw Error(spec_.label + ": the launch of " + s.name + " counts a size the contract does not have (index " +
                            std::to_string(s.sizeIndex) + ")");
            cudaFuncAttributes attributes{};
            check(cudaFuncGetAttributes(&attributes, s.function), "reading a kernel's attributes");
            const long long threads = static_cast<long long>(s.block.x) * s.block.y * s.block.z;
            if (threads > attributes.maxThreadsPerBlock)
                throw Error(spec_.label + ": kernel " + s.name + " is launched with " + std::to_string(threads) +
                            " threads a block, but with its " + std::to_string(attributes.numRegs) +
                            " registers a thread at most " + std::to_string(attributes.maxThreadsPerBlock) + " fit");
            const std::size_t shared = attributes.sharedSizeBytes + s.sharedBytes;
            if (shared > props.sharedMemPerBlockOptin)
                throw Error(spec_.label + ": kernel " + s.name + " needs " + std::to_string(shared) +
                            " bytes of shared memory a block; this GPU has " + std::to_string(props.sharedMemPerBlockOptin));
            if (s.sharedBytes > 48 * 1024)
                check(cudaFuncSetAttribute(s.function, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(s.sharedBytes)),
                      "allowing the dynamic shared memory");
            steps_.push_back(s);
        }
    }

    void readScratchList() {
        for (const ScratchBuffer& entry : readTable<ScratchBuffer>("racelabScratch", "racelabScratchCount")) {
            Scratch s;
            s.name = nameOf(entry.pointer);
            std::size_t bytes = 0;
            if (cudaLibraryGetGlobal(&s.pointer, &bytes, library_, s.name.c_str()) != cudaSuccess || bytes != sizeof(void*)) {
                cudaGetLastError();
                throw Error(spec_.label + ": scratch buffer " + s.name + " needs a __device__ pointer of that name");
            }
            s.sizeIndex = entry.sizeIndex;
            s.perSize = entry.perSize;
            s.elementBytes = entry.elementBytes;
            if (s.sizeIndex >= static_cast<int>(spec_.sizes.size()))
                throw Error(spec_.label + ": scratch buffer " + s.name + " counts a size the contract does not have");
            scratch_.push_back(s);
        }
    }

    void closeBuffers() {
        for (void* p : inputs_) cudaIpcCloseMemHandle(p);
        for (void* p : outputs_) cudaIpcCloseMemHandle(p);
        inputs_.clear(), outputs_.clear();
        if (inputsReady_) cudaEventDestroy(inputsReady_), inputsReady_ = nullptr;
    }

    cudaStream_t stream_ = nullptr;
    void* staging_ = nullptr;
    cudaLibrary_t library_ = nullptr;
    LoadSpec spec_;
    void* parameters_ = nullptr;
    std::vector<Step> steps_;
    std::vector<Scratch> scratch_;
    std::vector<std::pair<cudaEvent_t, cudaEvent_t>> timers_;
    std::vector<void*> inputs_, outputs_;
    cudaEvent_t inputsReady_ = nullptr;
    int multiprocessors_ = 1;
    unsigned long long* guardDamage_ = nullptr;  // mapped pinned memory the guard check counts into
};

}  // namespace
}  // namespace racelab::userkernel

RACELAB_GPU_HALF(userkernel_executor) { return std::make_unique<racelab::userkernel::KernelExecutorCuda>(); }
