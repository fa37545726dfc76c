// Contour preprocessing on the GPU, the stages that remove points (contour_preprocess_gpu.cuh):
//   brush, min size   flag each point, CUB DeviceSelect::Flagged, relabel (head flags + CUB scan)
// and the compaction and relabelling every removing stage (duplicates too) ends with. The brush test is
// contour.hpp's squaredDistance, shared with the CPU and unfused on the GPU, so every comparison rounds alike.
#include <algorithm>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

__global__ void brushFlags(const Point* points, int n, const BrushStroke* strokes, int strokeCount,
                           unsigned char* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool brushed = false;
    for (int s = 0; s < strokeCount; ++s) {
        const BrushStroke b = strokes[s];
        brushed |= squaredDistance(points[i], Point{b.x, b.y}) <= b.radius * b.radius;
    }
    keep[i] = !brushed;
}

__global__ void sizeFlags(const int* contourOf, const int* offsets, int n, int minSize, unsigned char* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int c = contourOf[i];
    keep[i] = offsets[c + 1] - offsets[c] >= minSize;
}

__global__ void headFlags(const int* contourOf, int n, int* heads) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) heads[i] = i == 0 || contourOf[i] != contourOf[i - 1];
}

// From the inclusive scan of the head flags: dense contour numbers and where each contour starts.
__global__ void finishRelabel(const int* scanned, int n, int* contourOf, int* offsets) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int id = scanned[i] - 1;
    contourOf[i] = id;
    if (i == 0 || scanned[i - 1] - 1 != id) offsets[id] = i;
    if (i == n - 1) offsets[id + 1] = n;
}

}  // namespace

void ContourPreprocessorGpuCuda::Impl::relabel() {
    if (n == 0) {
        offsets.assign(1, 0);
        return;
    }
    scratchInts.reserve(2 * static_cast<std::size_t>(n), "contour relabelling");
    int* heads = scratchInts.data();
    int* scanned = scratchInts.data() + n;
    launchKernel("contours: head flags", headFlags, blocksFor(n, kThreads), kThreads, 0, stream, contourOf.data(), n,
                 heads);
    namedGpuStep("contours: scan heads (CUB)", stream, [&] {
        std::size_t bytes = 0;
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, heads, scanned, n, stream));
        ensureTemp(bytes);
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(temp.data(), bytes, heads, scanned, n, stream));
    });
    deviceOffsets.reserve(static_cast<std::size_t>(n) + 1, "contour offsets");
    launchKernel("contours: finish relabel", finishRelabel, blocksFor(n, kThreads), kThreads, 0, stream, scanned, n,
                 contourOf.data(), deviceOffsets.data());
    const int count = downloadNow(scanned + n - 1, 1, stream)[0];
    offsets = downloadNow(deviceOffsets.data(), static_cast<std::size_t>(count) + 1, stream);
}

void ContourPreprocessorGpuCuda::Impl::compact() {
    pointsAlt.reserve(n, "contour points");
    contourOfAlt.reserve(n, "contour numbers");
    selectedCount.reserve(1, "selection count");
    // Points and contour numbers are selected alike, but CUB's scratch size depends on the item type: ask for both.
    namedGpuStep("contours: select (CUB)", stream, [&] {
        std::size_t pointBytes = 0, numberBytes = 0;
        CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, pointBytes, points.data(), flags.data(), pointsAlt.data(),
                                              selectedCount.data(), n, stream));
        CUDA_CHECK(cub::DeviceSelect::Flagged(nullptr, numberBytes, contourOf.data(), flags.data(), contourOfAlt.data(),
                                              selectedCount.data(), n, stream));
        std::size_t bytes = std::max(pointBytes, numberBytes);
        ensureTemp(bytes);
        CUDA_CHECK(cub::DeviceSelect::Flagged(temp.data(), bytes, points.data(), flags.data(), pointsAlt.data(),
                                              selectedCount.data(), n, stream));
        CUDA_CHECK(cub::DeviceSelect::Flagged(temp.data(), bytes, contourOf.data(), flags.data(), contourOfAlt.data(),
                                              selectedCount.data(), n, stream));
    });
    n = downloadNow(selectedCount.data(), 1, stream)[0];
    std::swap(points, pointsAlt);
    std::swap(contourOf, contourOfAlt);
    relabel();
}

void ContourPreprocessorGpuCuda::removeBrushed(const std::vector<BrushStroke>& strokes) {
    Impl& m = *impl_;
    if (strokes.empty() || m.n == 0) return;
    DeviceBuffer<BrushStroke> deviceStrokes;
    uploadAsync(deviceStrokes, strokes, m.stream, "brush strokes");
    m.flags.reserve(m.n, "point flags");
    launchKernel("contours: brush flags", brushFlags, blocksFor(m.n, kThreads), kThreads, 0, m.stream, m.points.data(),
                 m.n, deviceStrokes.data(), static_cast<int>(strokes.size()), m.flags.data());
    m.compact();
}

void ContourPreprocessorGpuCuda::dropSmall(int minSize) {
    Impl& m = *impl_;
    if (m.n == 0) return;
    m.flags.reserve(m.n, "point flags");
    launchKernel("contours: size flags", sizeFlags, blocksFor(m.n, kThreads), kThreads, 0, m.stream, m.contourOf.data(),
                 m.deviceOffsets.data(), m.n, minSize, m.flags.data());
    m.compact();
}

}  // namespace racelab::fourier
