// The three ways of counting N inputs into B global bins, which is what the histogram workload teaches.
// Every kernel sees the same inputs (bin indices) and the bins zeroed just before it runs.
//
// good: contention on a few global counters is what makes a histogram slow, so each block counts into its
//   own copy of the bins in shared memory (atomics there are fast and only the block's threads compete),
//   then adds each non-zero private bin to the global one with a single atomicAdd.
// bad: each thread reads bins[v], adds one and writes it back. Two threads that read the same bin before
//   either writes both write the same value: one update is lost. The more inputs share a bin (the skewed
//   preset), the more are lost; the count differs from frame to frame.
// warp: global atomics, but one per group of lanes that hold the same bin: __match_any_sync gives each
//   lane the mask of the lanes with its value, and the lowest of them adds the mask's population count.
//   When a few bins take most inputs, a warp makes a few atomics instead of 32.
#include <algorithm>

#include "common/launch.cuh"
#include "histogram/histogram_gpu.cuh"

namespace racelab::histogram {
namespace {

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
countSharedPrivate(const std::uint32_t* inputs, int n, std::uint32_t* bins, int binCount) {
    extern __shared__ std::uint32_t local[];  // binCount counters: this block's private histogram
    for (int b = threadIdx.x; b < binCount; b += blockDim.x) local[b] = 0;
    __syncthreads();
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) atomicAdd(&local[inputs[i]], 1u);
    __syncthreads();  // every private count is final before it is merged
    for (int b = threadIdx.x; b < binCount; b += blockDim.x)
        if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}

// Deliberately wrong: a plain read-modify-write of a global counter shared by every thread.
__global__ void __launch_bounds__(kThreads)
countRacyGlobal(const std::uint32_t* inputs, int n, std::uint32_t* bins) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) bins[inputs[i]] += 1;
}

__global__ void __launch_bounds__(kThreads)
countWarpAggregated(const std::uint32_t* inputs, int n, std::uint32_t* bins) {
    const int lane = threadIdx.x & 31;
    // The loop runs warp by warp (the start of each step is the same for all 32 lanes), so every lane of a
    // warp takes part in the ballot and the match, also in the last, partly filled step.
    const int warpStart = blockIdx.x * blockDim.x + (threadIdx.x & ~31);
    const int stride = gridDim.x * blockDim.x;
    for (int base = warpStart; base < n; base += stride) {
        const int i = base + lane;
        const unsigned active = __ballot_sync(0xffffffffu, i < n);
        if (i < n) {
            const std::uint32_t bin = inputs[i];
            const unsigned peers = __match_any_sync(active, bin);  // the lanes holding the same bin
            if (lane == __ffs(peers) - 1) atomicAdd(&bins[bin], static_cast<std::uint32_t>(__popc(peers)));
        }
    }
}

}  // namespace

void HistogramGpuCuda::count(Counting counting, cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(bins_.data(), 0, bins_.bytes(), stream));
    if (count_ == 0) return;
    // The grid-stride kernels get enough blocks to fill the GPU a few times over, no more: each good block
    // pays for zeroing and merging B private bins, so fewer, fuller blocks are cheaper.
    const unsigned needed = blocksFor(static_cast<std::size_t>(count_), kThreads);
    const unsigned resident = std::min(needed, static_cast<unsigned>(smCount_) * 8u);
    switch (counting) {
    case Counting::SharedPrivate:
        launchKernel("histogram: count (shared bins)", countSharedPrivate, resident, kThreads,
                     static_cast<std::size_t>(binCount_) * sizeof(std::uint32_t), stream, inputs_.data(), count_,
                     bins_.data(), binCount_);
        break;
    case Counting::RacyGlobal:
        // One input per thread: as many racing read-modify-writes in flight as the GPU holds.
        launchKernel("histogram: count (racy global)", countRacyGlobal, needed, kThreads, 0, stream, inputs_.data(), count_,
                     bins_.data());
        break;
    case Counting::WarpAggregated:
        launchKernel("histogram: count (warp aggregated)", countWarpAggregated, resident, kThreads, 0, stream,
                     inputs_.data(), count_, bins_.data());
        break;
    }
}

}  // namespace racelab::histogram
