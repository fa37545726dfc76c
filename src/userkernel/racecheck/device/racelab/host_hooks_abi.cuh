// The hooks an instrumented whole-file solution's host code calls (host_hooks.cuh renames its CUDA calls to
// them): racelab's worker learns every buffer the solution allocates and every kernel it launches, and before
// each launch sets the access checks' configuration on the launch's own stream, as it does for a launch list
// it launches itself (userkernel/worker/access_checks.hpp). Plain C, shared by the solution's library and the
// worker, which are built apart.
#pragma once
#include <cuda_runtime.h>

extern "C" {

struct RacelabLaunchFacts {
    const void* function;  // the solution's host stub, as its runtime names the kernel
    const char* name;      // mangled ("" where the runtime does not say)
    dim3 grid, block;
    size_t dynamicShared, staticShared;
    int blocksPerMultiprocessor;
    cudaStream_t stream;
};

struct RacelabHostHooks {
    void* context;  // the worker's, handed back to each hook
    // Before a launch, with what the launch was given and what the solution's own CUDA runtime knows of the
    // kernel (the worker's runtime does not know the solution's functions): its mangled name, its static shared
    // memory, and how many of its blocks of this shape fit on one multiprocessor. The launch follows on
    // `stream` whatever the hook does.
    void (*beforeLaunch)(void* context, const RacelabLaunchFacts* launch);
    // After an allocation that succeeded, and before a free.
    void (*allocated)(void* context, const void* pointer, size_t bytes);
    void (*freeing)(void* context, const void* pointer);
};

// Exported by an instrumented solution's library (host_hooks_definitions.cuh): nullptr stops the hooks.
typedef void (*RacelabSetHostHooks)(const RacelabHostHooks* hooks);
}
