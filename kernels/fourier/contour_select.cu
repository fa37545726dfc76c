// Contour preprocessing on the GPU, the stages that remove points (contour_preprocess_gpu.cuh):
//   brush, min size   flag each point, then compact
// and the compaction every removing stage (duplicates too) ends with: an inclusive scan of the flags (CUB)
// places the kept points; one block turns it into the new contour sizes and dense numbers (contours left
// empty vanish) and writes the new offsets and counts; a scatter moves the points. Nothing is read back:
// four launches and the scan's two, queued back to back. The brush test is contour.hpp's squaredDistance,
// shared with the CPU and unfused on the GPU, so every comparison rounds alike.
#include <algorithm>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_scan.cuh>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kCompactThreads = 1024;

// keep[i] for every i < cap: 0 past the point count, so the scan over the bound counts only real points.
__global__ void brushFlags(const Point* points, const int* counts, int cap, const BrushStroke* strokes,
                           int strokeCount, int* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cap) return;
    bool brushed = true;
    if (i < counts[0]) {
        brushed = false;
        for (int s = 0; s < strokeCount; ++s) {
            const BrushStroke b = strokes[s];
            brushed |= squaredDistance(points[i], Point{b.x, b.y}) <= b.radius * b.radius;
        }
    }
    keep[i] = !brushed;
}

__global__ void sizeFlags(const int* contourOf, const int* offsets, const int* counts, int cap, int minSize,
                          int* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cap) return;
    bool kept = false;
    if (i < counts[0]) {
        const int c = contourOf[i];
        kept = offsets[c + 1] - offsets[c] >= minSize;
    }
    keep[i] = kept;
}

// One block over all contours, a tile of 1024 at a time: a contour's kept points start at the number of
// kept points before its first point; it survives when it keeps any. Its new number is the number of
// survivors before it (a block scan carried over the tiles).
__global__ void __launch_bounds__(kCompactThreads) compactContours(const int* offsets, const int* counts,
                                                                   const int* keptUpTo, int* contourMap,
                                                                   int* newOffsets, int* newCounts) {
    using Scan = cub::BlockScan<int, kCompactThreads>;
    __shared__ typename Scan::TempStorage storage;
    const int contours = counts[1];
    auto keptBefore = [&](int i) { return i == 0 ? 0 : keptUpTo[i - 1]; };
    int survivorsBefore = 0;  // the same in every thread
    for (int first = 0; first < contours; first += kCompactThreads) {
        const int c = first + static_cast<int>(threadIdx.x);
        int start = 0, end = 0;
        if (c < contours) start = keptBefore(offsets[c]), end = keptBefore(offsets[c + 1]);
        const int survives = end > start ? 1 : 0;
        int before = 0, tileSurvivors = 0;
        Scan(storage).ExclusiveSum(survives, before, tileSurvivors);
        if (c < contours) {
            contourMap[c] = survivorsBefore + before;
            if (survives) newOffsets[survivorsBefore + before] = start;
        }
        survivorsBefore += tileSurvivors;
        __syncthreads();  // the scan's storage is reused by the next tile
    }
    if (threadIdx.x == 0) {
        const int kept = keptBefore(offsets[contours]);
        newOffsets[survivorsBefore] = kept;
        newCounts[0] = kept, newCounts[1] = survivorsBefore;
    }
}

__global__ void scatterKept(const Point* points, const int* contourOf, const int* counts, const int* keep,
                            const int* keptUpTo, const int* contourMap, Point* outPoints, int* outContourOf) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= counts[0] || !keep[i]) return;
    const int at = keptUpTo[i] - 1;
    outPoints[at] = points[i];
    outContourOf[at] = contourMap[contourOf[i]];
}

}  // namespace

void ContourPreprocessorGpuCuda::Impl::compactKept() {
    keptUpTo.reserve(pointCap, "kept-point scan");
    contourMap.reserve(std::max(contourCap, 1), "contour renumbering");
    reserveAlternates();
    const int items = pointCap;
    const int* flags = keep.data();
    int* scanned = keptUpTo.data();
    namedGpuStep("contours: scan kept (CUB)", stream, [&] {
        runCubCall(temp, "CUB temporary storage", [&](void* storage, std::size_t& bytes) {
            return cub::DeviceScan::InclusiveSum(storage, bytes, flags, scanned, items, stream);
        });
    });
    launchKernel("contours: compact contours", compactContours, 1, kCompactThreads, 0, stream, offsets.data(),
                 counts.data(), keptUpTo.data(), contourMap.data(), offsetsAlt.data(), countsAlt.data());
    launchKernel("contours: scatter kept", scatterKept, blocksFor(pointCap, kThreads), kThreads, 0, stream,
                 points.data(), contourOf.data(), counts.data(), keep.data(), keptUpTo.data(), contourMap.data(),
                 pointsAlt.data(), contourOfAlt.data());
    std::swap(points, pointsAlt);
    std::swap(contourOf, contourOfAlt);
    std::swap(offsets, offsetsAlt);
    std::swap(counts, countsAlt);
}

void ContourPreprocessorGpuCuda::removeBrushed(const std::vector<BrushStroke>& strokes) {
    Impl& m = *impl_;
    if (strokes.empty() || m.pointCap == 0) return;
    uploadAsync(m.strokes, strokes, m.stream, "brush strokes");  // a few dozen bytes
    m.keep.reserve(m.pointCap, "point flags");
    launchKernel("contours: brush flags", brushFlags, blocksFor(m.pointCap, kThreads), kThreads, 0, m.stream,
                 m.points.data(), m.counts.data(), m.pointCap, m.strokes.data(), static_cast<int>(strokes.size()),
                 m.keep.data());
    m.compactKept();
}

void ContourPreprocessorGpuCuda::dropSmall(int minSize) {
    Impl& m = *impl_;
    if (m.pointCap == 0 || minSize <= 1) return;  // every contour has a point: nothing to drop
    m.keep.reserve(m.pointCap, "point flags");
    launchKernel("contours: size flags", sizeFlags, blocksFor(m.pointCap, kThreads), kThreads, 0, m.stream,
                 m.contourOf.data(), m.offsets.data(), m.counts.data(), m.pointCap, minSize, m.keep.data());
    m.compactKept();
}

}  // namespace racelab::fourier
