// racelab's hooks for an instrumented whole-file solution (host_hooks.cuh renames its calls to them), compiled
// as an object of its own into the solution's library, without the renaming: the calls here are the CUDA
// runtime's own. The worker installs its hooks through racelabSetHostHooks (host_hooks_abi.cuh).
#include "racelab/host_hooks_abi.cuh"

namespace {
RacelabHostHooks g_hooks{};
bool g_installed = false;
}  // namespace

extern "C" {

__attribute__((visibility("default"))) void racelabSetHostHooks(const RacelabHostHooks* hooks) {
    g_installed = hooks != nullptr;
    g_hooks = hooks ? *hooks : RacelabHostHooks{};
}

cudaError_t racelabHookedLaunchKernel(const void* function, dim3 grid, dim3 block, void** arguments, size_t dynamicShared,
                                      cudaStream_t stream) {
    if (g_installed && g_hooks.beforeLaunch) {
        RacelabLaunchFacts launch{function, "", grid, block, dynamicShared, 0, 1, stream};
        // The runtime keeps one last error a thread: one the solution left unread stays for the worker to
        // tell, so the questions below are asked only when there is none, and their own errors then cleared.
        if (cudaPeekAtLastError() == cudaSuccess) {
            cudaFuncAttributes attributes{};
            if (cudaFuncGetAttributes(&attributes, function) == cudaSuccess) launch.staticShared = attributes.sharedSizeBytes;
            const int threads = static_cast<int>(block.x * block.y * block.z);
            if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&launch.blocksPerMultiprocessor, function, threads, dynamicShared) != cudaSuccess)
                launch.blocksPerMultiprocessor = 1;
            if (cudaFuncGetName(&launch.name, function) != cudaSuccess || !launch.name) launch.name = "";
            cudaGetLastError();
        }
        g_hooks.beforeLaunch(g_hooks.context, &launch);
    }
    return cudaLaunchKernel(function, grid, block, arguments, dynamicShared, stream);
}

cudaError_t racelabHookedMalloc(void** pointer, size_t bytes) {
    const cudaError_t result = cudaMalloc(pointer, bytes);
    if (result == cudaSuccess && g_installed && g_hooks.allocated) g_hooks.allocated(g_hooks.context, *pointer, bytes);
    return result;
}

cudaError_t racelabHookedFree(void* pointer) {
    if (g_installed && g_hooks.freeing && pointer) g_hooks.freeing(g_hooks.context, pointer);
    return cudaFree(pointer);
}
}
