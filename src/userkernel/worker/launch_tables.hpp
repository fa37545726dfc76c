// A user kernel's tables (racelab/launch.cuh) read from its loaded module in the worker: the launch list, the
// once-a-scene setup list and the scratch list, each entry checked against the family's contract and the GPU
// (launch_plan.hpp's checks, the kernel's registers and shared memory) and resolved to what the executor
// launches and sets: kernel handles and __device__ variables' addresses.
#pragma once
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "userkernel/worker/kernel_executor.hpp"
#include "userkernel/worker/launch_plan.hpp"
#include "userkernel/worker/module_globals.hpp"

namespace racelab::userkernel {

struct LoadedStep {
    LaunchStep entry;
    std::string name;
    const void* function = nullptr;
    void* repeatVariable = nullptr;  // RACELAB_REPEAT_COUNT's __device__ integer
    std::size_t staticShared = 0;    // the kernel's own shared memory a block
};

struct LoadedScratch {
    ScratchBuffer entry;
    std::string name;
    void* pointer = nullptr;        // the module's __device__ pointer variable
    void* countVariable = nullptr;  // RACELAB_BUFFER_COUNTED's __device__ integer
    void* memory = nullptr;         // racelab's allocation
    long long capacity = 0;         // elements it holds
};

// Throws Error (for the user) when a table breaks the contract; KernelFault when CUDA fails.
std::vector<LoadedScratch> readScratchList(const ModuleGlobals& globals, const LoadSpec& spec);
// `table`/`count`: "racelabLaunches"/"racelabLaunchCount" or "racelabSetup"/"racelabSetupCount". An empty
// launch list is refused; an empty setup list is none.
std::vector<LoadedStep> readLaunchList(const ModuleGlobals& globals, const LoadSpec& spec, const char* table, const char* count,
                                       const std::vector<LoadedScratch>& scratch, const cudaDeviceProp& device);

// Lets each kernel that needs more than 48 KiB of shared memory a block have the most dynamic shared memory
// any of its launches in `lists` asks for.
void allowDynamicShared(const std::vector<const std::vector<LoadedStep>*>& lists);

// Throws KernelFault naming `what` when `e` is an error.
void checkCuda(cudaError_t e, const char* what);
std::string cudaText(cudaError_t e);

}  // namespace racelab::userkernel
