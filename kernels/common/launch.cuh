// The one launch layer: every kernel of racelab starts through launchKernel, which names it, opens an NVTX
// range, brackets it with pooled CUDA events while per-kernel timing is on (core/kernel_timing.hpp: bench's
// per-kernel table), and checks the launch. GPU work that is not a kernel of ours (a CUB sort or scan, a
// memset that matters) goes through namedGpuStep with a name, and so shows in the same table and timeline.
// Host waits go through waitForStream, which counts them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/cuda_check.hpp"
#include "core/device_buffer.hpp"
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

// Records `event` on `stream` so that the host can query it later, also while the stream is being captured
// into a CUDA graph (where a plain record only orders streams; the external flag makes it an event node that
// every replay records).
inline void recordEvent(cudaEvent_t event, cudaStream_t stream) {
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    CUDA_CHECK(cudaStreamIsCapturing(stream, &capture));
    if (capture == cudaStreamCaptureStatusActive) CUDA_CHECK(cudaEventRecordWithFlags(event, stream, cudaEventRecordExternal));
    else CUDA_CHECK(cudaEventRecord(event, stream));
}

// CUB's two-call convention in one place: `call(nullptr, bytes)` asks for the temporary storage it needs,
// `temp` grows to it (never shrinks, so a steady frame allocates nothing), then `call` runs with it.
template <typename CubCall>
void runCubCall(DeviceBuffer<std::uint8_t>& temp, const char* what, CubCall call) {
    std::size_t bytes = 0;
    CUDA_CHECK(call(nullptr, bytes));
    temp.reserve(bytes, what);
    bytes = temp.bytes();
    CUDA_CHECK(call(temp.data(), bytes));
}

}  // namespace racelab
