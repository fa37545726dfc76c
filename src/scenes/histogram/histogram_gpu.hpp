// The histogram scenes' GPU half as the scene sees it: plain C++, implemented in CUDA by HistogramGpuCuda
// (kernels/histogram/histogram_gpu.cuh) and made with makeGpuHalf<HistogramGpu>("histogram"), which throws
// in a build without CUDA.
#pragma once
#include <cstdint>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/histogram/histogram_formulas.hpp"

namespace racelab::histogram {

// The three ways of counting, in the order of the family's variants.
enum class Counting : int {
    SharedPrivate = 0,   // good: per-block bins in shared memory, one global atomicAdd per bin and block
    RacyGlobal = 1,      // bad: bins[v] += 1 on global memory, unsynchronized: updates are lost
    WarpAggregated = 2,  // warp: lanes with the same bin found by __match_any_sync, one atomicAdd per group
};

// The inputs as they are on the device, for a user's kernel (histogram_kernel_side.cpp).
struct HistogramDeviceInputs {
    const std::uint32_t* values = nullptr;  // count bin indices
    int count = 0, bins = 0;
};

class HistogramGpu : public GpuHalf {
public:
    // The inputs (bin indices 0..bins-1): made on the GPU from the same hash the CPU uses...
    virtual void generate(Distribution distribution, std::uint32_t seed, int count, int bins, cudaStream_t stream) = 0;
    // ...or copied from the host (the --image preset's luminance bins).
    virtual void upload(const std::vector<std::uint32_t>& inputs, int bins, cudaStream_t stream) = 0;
    // The CPU reference's bins, which the right half of every slot draws (copied once per regenerate).
    virtual void uploadReference(const std::vector<std::uint32_t>& referenceBins, cudaStream_t stream) = 0;
    // Zeroes the global bins and counts every input into them (asynchronous: no host sync).
    virtual void count(Counting counting, cudaStream_t stream) = 0;
    // Draws the bars of the last count() next to the reference's into the frame (asynchronous).
    virtual void draw(const FrameTarget& target, long long maxReferenceCount) = 0;
    // The bins of the last count(), copied back (waits for the stream).
    virtual std::vector<std::uint32_t> downloadBins(cudaStream_t stream) const = 0;
    // The inputs, copied back (waits for the stream); for tests.
    virtual std::vector<std::uint32_t> downloadInputs(cudaStream_t stream) const = 0;

    // For a user's kernel (histogram_kernel_side.cpp): the uploaded inputs, a bins buffer of the user's zeroed,
    // and the chart drawn with those bins in the left halves (as draw() does with its own).
    virtual HistogramDeviceInputs deviceInputs() const = 0;
    virtual void clearBins(std::uint32_t* bins, cudaStream_t stream) = 0;
    virtual void drawBins(const std::uint32_t* bins, const FrameTarget& target, long long maxReferenceCount) = 0;
};

}  // namespace racelab::histogram
