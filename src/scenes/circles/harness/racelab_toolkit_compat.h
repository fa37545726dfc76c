// What a whole-file solution of an earlier year called and the toolkit racelab builds it with no longer has.
// racelab's build pre-includes this file (nvcc -include) before the solution's cudaRenderer.cu, after the CCCL
// headers the solution includes (userkernel/build/whole_file_build.cpp), so a file that
// compiled with the toolkit of its year compiles unchanged. Each entry is declared only where the toolkit in
// use has removed the original, maps to the call its toolkit's documentation named as the replacement, and
// behaves as the original did on the GPUs of its year; nothing here is seen by a file that does not call it.
#ifndef RACELAB_TOOLKIT_COMPAT_H
#define RACELAB_TOOLKIT_COMPAT_H

#include <cuda_runtime.h>  // the toolkit's own declarations first: the votes below rename calls made after them
// The fixed-width integers (uint8_t, ...): before GCC 13, libstdc++'s headers brought <stdint.h> in with them,
// and a solution's own header could use uint8_t without including it (a 2021 CS149 solution's cudaRenderer.h);
// GCC 13's no longer do.
#include <stdint.h>

#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000
// The cudaThread* calls, deprecated since CUDA 4.0 for their cudaDevice* twins and removed in CUDA 13.0.
// Solutions of 2012-2016 wait for their kernels with cudaThreadSynchronize.
static inline cudaError_t cudaThreadSynchronize() { return cudaDeviceSynchronize(); }
static inline cudaError_t cudaThreadExit() { return cudaDeviceReset(); }
static inline cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) { return cudaDeviceSetLimit(limit, value); }
static inline cudaError_t cudaThreadGetLimit(size_t* value, cudaLimit limit) { return cudaDeviceGetLimit(value, limit); }
static inline cudaError_t cudaThreadSetCacheConfig(cudaFuncCache config) { return cudaDeviceSetCacheConfig(config); }
static inline cudaError_t cudaThreadGetCacheConfig(cudaFuncCache* config) { return cudaDeviceGetCacheConfig(config); }
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
// The warp intrinsics without a mask: CUDA 9.0 withdrew them for sm_70 and later (independent thread
// scheduling), where a solution for a Kepler or Pascal GPU used them with every lane of the warp taking part.
// That is what the _sync forms say with the full mask.
#define RACELAB_FULL_WARP 0xffffffffu
#define RACELAB_SHUFFLES(T)                                                                                    \
    static __device__ __forceinline__ T __shfl(T var, int srcLane, int width = warpSize) {                     \
        return __shfl_sync(RACELAB_FULL_WARP, var, srcLane, width);                                            \
    }                                                                                                          \
    static __device__ __forceinline__ T __shfl_up(T var, unsigned int delta, int width = warpSize) {           \
        return __shfl_up_sync(RACELAB_FULL_WARP, var, delta, width);                                           \
    }                                                                                                          \
    static __device__ __forceinline__ T __shfl_down(T var, unsigned int delta, int width = warpSize) {         \
        return __shfl_down_sync(RACELAB_FULL_WARP, var, delta, width);                                         \
    }                                                                                                          \
    static __device__ __forceinline__ T __shfl_xor(T var, int laneMask, int width = warpSize) {                \
        return __shfl_xor_sync(RACELAB_FULL_WARP, var, laneMask, width);                                       \
    }
RACELAB_SHUFFLES(int)
RACELAB_SHUFFLES(unsigned int)
RACELAB_SHUFFLES(long)
RACELAB_SHUFFLES(unsigned long)
RACELAB_SHUFFLES(long long)
RACELAB_SHUFFLES(unsigned long long)
RACELAB_SHUFFLES(float)
RACELAB_SHUFFLES(double)
#undef RACELAB_SHUFFLES
#undef RACELAB_FULL_WARP
// The votes stay declared (deprecated) in the device pass, where the assembler then refuses them, so a call is
// renamed to its _sync form instead. Only for a file that calls them (racelab's build defines
// RACELAB_MASKLESS_VOTES where it finds such a call), and only after the CCCL headers it includes have been
// read: libcu++ has names of its own spelt __any( and __all(.
#ifdef RACELAB_MASKLESS_VOTES
#define __any(predicate) __any_sync(0xffffffffu, (predicate))
#define __all(predicate) __all_sync(0xffffffffu, (predicate))
#define __ballot(predicate) __ballot_sync(0xffffffffu, (predicate))
#endif
#endif

#endif
