// HistogramGpuCuda's plumbing: making the inputs from the shared hash (or copying the image's), keeping the
// reference's bins, drawing the bar chart, and the copies back for the race count and the tests. The
// counting kernels are in count.cu.
#include "core/device_buffer.hpp"
#include "common/launch.cuh"
#include "histogram/histogram_gpu.cuh"
#include "scenes/histogram/histogram_formulas.hpp"

namespace racelab::histogram {
namespace {

constexpr int kThreads = 256;

__global__ void generateKernel(Distribution distribution, std::uint32_t seed, int n, unsigned bins, std::uint32_t* inputs) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) inputs[i] = generatedBin(distribution, seed, static_cast<std::uint32_t>(i), bins);
}

// One thread per pixel: the same chartPixel the CPU reference calls, with the GPU's count on the left.
__global__ void drawKernel(ChartLayout layout, const std::uint32_t* gpuBins, const std::uint32_t* referenceBins,
                           std::uint8_t* pixels, std::size_t pitch) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= layout.width) return;
    const int bin = binOfColumn(layout, x);
    const std::uint32_t colour = chartPixel(layout, x, y, gpuBins[bin], referenceBins[bin]);
    reinterpret_cast<std::uint32_t*>(pixels + static_cast<std::size_t>(y) * pitch)[x] = colour;
}

}  // namespace

HistogramGpuCuda::HistogramGpuCuda() {
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&smCount_, cudaDevAttrMultiProcessorCount, device));
}

void HistogramGpuCuda::generate(Distribution distribution, std::uint32_t seed, int count, int bins, cudaStream_t stream) {
    inputs_.reserve(static_cast<std::size_t>(count), "histogram inputs");
    bins_.allocate(static_cast<std::size_t>(bins), "histogram bins");
    count_ = count, binCount_ = bins;
    launchKernel("histogram: generate", generateKernel, blocksFor(static_cast<std::size_t>(count), kThreads), kThreads, 0,
                 stream, distribution, seed, count, static_cast<unsigned>(bins), inputs_.data());
}

void HistogramGpuCuda::upload(const std::vector<std::uint32_t>& inputs, int bins, cudaStream_t stream) {
    uploadAsync(inputs_, inputs, stream, "histogram inputs");
    bins_.allocate(static_cast<std::size_t>(bins), "histogram bins");
    count_ = static_cast<int>(inputs.size()), binCount_ = bins;
}

void HistogramGpuCuda::uploadReference(const std::vector<std::uint32_t>& referenceBins, cudaStream_t stream) {
    uploadAsync(reference_, referenceBins, stream, "histogram reference bins");
}

void HistogramGpuCuda::draw(const FrameTarget& target, long long maxReferenceCount) {
    drawBins(bins_.data(), target, maxReferenceCount);
}

void HistogramGpuCuda::drawBins(const std::uint32_t* bins, const FrameTarget& target, long long maxReferenceCount) {
    if (target.width <= 0 || target.height <= 0) return;
    const ChartLayout layout = chartLayout(target.width, target.height, binCount_, maxReferenceCount);
    const dim3 grid(blocksFor(static_cast<std::size_t>(target.width), kThreads), static_cast<unsigned>(target.height));
    launchKernel("histogram: draw", drawKernel, grid, kThreads, 0, target.stream, layout, bins, reference_.data(),
                 target.pixels, target.pitchBytes);
}

void HistogramGpuCuda::clearBins(std::uint32_t* bins, cudaStream_t stream) {
    namedGpuStep("histogram: zero the user kernel's bins", stream, [&] {
        CUDA_CHECK(cudaMemsetAsync(bins, 0, static_cast<std::size_t>(binCount_) * sizeof(std::uint32_t), stream));
    });
}

std::vector<std::uint32_t> HistogramGpuCuda::downloadBins(cudaStream_t stream) const {
    return downloadNow(bins_.data(), static_cast<std::size_t>(binCount_), stream);
}

std::vector<std::uint32_t> HistogramGpuCuda::downloadInputs(cudaStream_t stream) const {
    return downloadNow(inputs_.data(), static_cast<std::size_t>(count_), stream);
}

}  // namespace racelab::histogram

// The scenes make their GPU half through makeGpuHalf<HistogramGpu>("histogram") (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(histogram) { return std::make_unique<racelab::histogram::HistogramGpuCuda>(); }
