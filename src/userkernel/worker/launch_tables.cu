// Reading a user kernel's launch, setup and scratch tables from its loaded module (launch_tables.hpp). Host
// code only; it runs in the kernel worker.
#include "userkernel/worker/launch_tables.hpp"

#include <algorithm>
#include <utility>

#include "userkernel/worker/cubin_symbols.hpp"  // plainKernelName, kernelNameKey: as the compile-time checks name kernels

namespace racelab::userkernel {
namespace {

constexpr int kMaxTableEntries = 4096;  // launches or buffers a table may list: more is no file of a person's

// The count first: RACELAB_LAUNCHES always records every list's count, so a list the file does not have (no
// scratch buffers, no setup) is never looked up; only a file without a launch list at all has no count.
template <class Entry>
std::vector<Entry> readTable(const ModuleGlobals& globals, const LoadSpec& spec, const char* table, const char* count) {
    void* number = globals.find(count);
    if (!number) return {};
    int n = 0;
    checkCuda(cudaMemcpy(&n, number, sizeof n, cudaMemcpyDeviceToHost), "reading the launch list");
    if (n <= 0) return {};
    if (n > kMaxTableEntries)
        throw Error(spec.label + ": " + table + " has " + std::to_string(n) + " entries; racelab reads at most " + std::to_string(kMaxTableEntries));
    std::size_t bytes = 0;
    void* entries = globals.find(table, &bytes);
    if (!entries)
        throw Error(spec.label + ": the module records " + std::to_string(n) + " entries of " + table + " but has no table");
    std::vector<Entry> out(static_cast<std::size_t>(n));
    if (bytes < out.size() * sizeof(Entry)) throw Error(spec.label + ": " + table + " is shorter than its count");
    checkCuda(cudaMemcpy(out.data(), entries, out.size() * sizeof(Entry), cudaMemcpyDeviceToHost), "reading the launch list");
    return out;
}

// A __device__ variable the tables name, of `bytes` bytes (0: any size).
void* namedVariable(const ModuleGlobals& globals, const LoadSpec& spec, const std::string& name, std::size_t bytes, const std::string& role) {
    std::size_t size = 0;
    void* address = globals.find(name, &size);
    if (!address || (bytes && size != bytes))
        throw Error(spec.label + ": " + role + " needs a __device__ variable named " + name + " at namespace scope");
    return address;
}

}  // namespace

std::string cudaText(cudaError_t e) { return std::string(cudaGetErrorName(e)) + ": " + cudaGetErrorString(e); }

void checkCuda(cudaError_t e, const char* what) {
    if (e == cudaSuccess) return;
    cudaGetLastError();
    throw KernelFault(std::string("kernel worker: ") + what + " failed (" + cudaText(e) + ")");
}

std::vector<LoadedScratch> readScratchList(const ModuleGlobals& globals, const LoadSpec& spec) {
    std::vector<LoadedScratch> out;
    for (const ScratchBuffer& entry : readTable<ScratchBuffer>(globals, spec, "racelabScratch", "racelabScratchCount")) {
        LoadedScratch s;
        s.entry = entry;
        s.name = nameOf(entry.pointer);
        if (const std::string problem = problemWith(entry, spec.sizes.size()); !problem.empty()) throw Error(spec.label + ": " + problem);
        s.pointer = namedVariable(globals, spec, s.name, sizeof(void*), "scratch buffer " + s.name);
        if (entry.rule == kBufferCounted)
            s.countVariable = namedVariable(globals, spec, nameOf(entry.countVariable), static_cast<std::size_t>(entry.countBytes),
                                            "scratch buffer " + s.name + "'s count");
        out.push_back(s);
    }
    return out;
}

std::vector<LoadedStep> readLaunchList(const ModuleGlobals& globals, const LoadSpec& spec, const char* table, const char* count,
                                       const std::vector<LoadedScratch>& scratch, const cudaDeviceProp& device) {
    const auto list = readTable<LaunchStep>(globals, spec, table, count);
    const cudaLibrary_t library = globals.library();
    const bool setup = std::string(table) == "racelabSetup";
    if (list.empty() && !setup)
        throw Error(spec.label + ": no launch list: end the file with RACELAB_LAUNCHES(...) naming the kernels to run "
                    "in order (racelab/launch.cuh)");
    // Every kernel of the module by its plain name.
    unsigned kernelCount = 0;
    checkCuda(cudaLibraryGetKernelCount(&kernelCount, library), "listing the kernels");
    std::vector<cudaKernel_t> kernels(kernelCount);
    if (kernelCount) checkCuda(cudaLibraryEnumerateKernels(kernels.data(), kernelCount, library), "listing the kernels");
    std::vector<ScratchBuffer> buffers;
    for (const LoadedScratch& s : scratch) buffers.push_back(s.entry);
    std::vector<LoadedStep> out;
    for (const LaunchStep& entry : list) {
        LoadedStep s;
        s.entry = entry;
        s.name = nameOf(entry.kernel);
        std::string parameters;
        for (cudaKernel_t k : kernels) {
            const char* mangled = nullptr;
            if (cudaFuncGetName(&mangled, reinterpret_cast<const void*>(k)) == cudaSuccess && mangled &&
                kernelNameKey(plainKernelName(mangled)) == kernelNameKey(s.name)) {
                s.function = reinterpret_cast<const void*>(k);
                parameters = kernelParameterList(mangled);
            }
        }
        cudaGetLastError();
        if (!s.function) throw Error(spec.label + ": the launch list names " + s.name + ", which is no __global__ function of the file");
        // The launch macros check a kernel's parameters against its arguments when the file compiles; a table
        // written by hand is caught here, by the mangled name's parameter list.
        const int parameterTotal = parameterCount(parameters);
        if (parameterTotal > 0 && entry.argumentCount > 0 && entry.argumentCount != parameterTotal)
            throw Error(spec.label + ": kernel " + s.name + parameters + " takes " + std::to_string(parameterTotal) + " parameters and its "
                        "launch gives " + std::to_string(entry.argumentCount) + " arguments");
        if (entry.argumentCount == 0 && parameterTotal > 0)
            throw Error(spec.label + ": kernel " + s.name + parameters + " takes parameters and its launch gives no arguments: add "
                        "RACELAB_ARGS(...) to the launch (racelab/launch.cuh), or read the frame's inputs from " + spec.parametersSymbol);
        if (const std::string problem = problemWith(entry, spec.sizes.size(), buffers); !problem.empty()) throw Error(spec.label + ": " + problem);
        if (entry.repeatRule == kRepeatDeviceCount)
            s.repeatVariable = namedVariable(globals, spec, nameOf(entry.repeatVariable), static_cast<std::size_t>(entry.repeatVariableBytes),
                                             "the repeat count of " + s.name);
        cudaFuncAttributes attributes{};
        checkCuda(cudaFuncGetAttributes(&attributes, s.function), "reading a kernel's attributes");
        const long long threads = static_cast<long long>(entry.block[0]) * entry.block[1] * entry.block[2];
        if (threads > attributes.maxThreadsPerBlock)
            throw Error(spec.label + ": kernel " + s.name + " is launched with " + std::to_string(threads) + " threads a block, but with its " +
                        std::to_string(attributes.numRegs) + " registers a thread at most " +
                        std::to_string(attributes.maxThreadsPerBlock) + " fit");
        const std::size_t shared = attributes.sharedSizeBytes + static_cast<std::size_t>(std::max(0, entry.sharedBytes));
        if (shared > device.sharedMemPerBlockOptin)
            throw Error(spec.label + ": kernel " + s.name + " needs " + std::to_string(shared) + " bytes of shared memory a block; this GPU has " +
                        std::to_string(device.sharedMemPerBlockOptin));
        s.staticShared = attributes.sharedSizeBytes;
        out.push_back(s);
    }
    return out;
}

void allowDynamicShared(const std::vector<const std::vector<LoadedStep>*>& lists) {
    // The largest dynamic size any launch of a kernel asks for: a kernel launched twice, or in the setup and
    // the launch list, keeps the larger. Past 48 KiB in all (static included) the kernel must opt in.
    std::vector<std::pair<const void*, int>> largest;
    for (const auto* list : lists)
        for (const LoadedStep& s : *list) {
            if (s.staticShared + static_cast<std::size_t>(std::max(0, s.entry.sharedBytes)) <= 48 * 1024) continue;
            auto at = std::find_if(largest.begin(), largest.end(), [&](const auto& p) { return p.first == s.function; });
            if (at == largest.end()) largest.emplace_back(s.function, s.entry.sharedBytes);
            else at->second = std::max(at->second, s.entry.sharedBytes);
        }
    for (const auto& [function, bytes] : largest)
        checkCuda(cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes), "allowing the dynamic shared memory");
}

}  // namespace racelab::userkernel
