// The one launch layer: every kernel of racelab starts through launchKernel, which names it, opens an NVTX
// range, brackets it with pooled CUDA events while per-kernel timing is on (core/kernel_timing.hpp: bench's
// per-kernel table), and checks the launch. GPU work that is not a kernel of ours (a CUB sort or scan, a
// memset that matters) goes through namedGpuStep with a name, and so shows in the same table and timeline.
// Host waits go through waitForStream, which counts them.
#pragma once
#include <cstddef>
#include <utility>

#include "core/cuda_check.hpp"
#include "core/kernel_timing.hpp"

namespace racelab {

// Blocks of `threads` needed to cover n items.
inline unsigned blocksFor(std::size_t n, unsigned threads) { return static_cast<unsigned>((n + threads - 1) / threads); }

// Launches `kernel` (a __global__ function, template instances included) as step `name`.
template <typename... Params, typename... Args>
void launchKernel(const char* name, void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t sharedBytes,
                  cudaStream_t stream, Args&&... args) {
    NamedGpuStep step(name, stream);
    kernel<<<grid, block, sharedBytes, stream>>>(std::forward<Args>(args)...);
    CUDA_CHECK(cudaGetLastError());
}

// Runs `work` (library calls that queue GPU work on `stream`) as step `name`.
template <typename Work>
void namedGpuStep(const char* name, cudaStream_t stream, Work&& work) {
    NamedGpuStep step(name, stream);
    work();
}

}  // namespace racelab
