// The contour preprocessing on the GPU. Contours live flattened on the device: points[], contourOf[] (the
// contour of each point, non-decreasing), offsets[] (where each contour starts, plus the total at the end)
// and counts[] = {points, contours}, which stay on the device from the upload to the download, so that the
// steps queue back to back without a host wait in between:
//   brush, min size   flag each point, then compact (scan of the flags, dense contour numbers, scatter)
//   duplicates        the CPU keeps a point when it is far enough from the last *kept* point, a sequential
//                     chain. Each point's successor on that chain (the first later point far enough) is
//                     found in parallel; the chain from each contour's first point is then walked by
//                     pointer jumping (8^k-step jumps, a few passes), so the result equals the CPU's exactly.
//   merge             tiled all-pairs distances through shared memory, skipping tile pairs whose bounding
//                     boxes are apart, give the pairs of close contours; the host joins them into groups
//                     (union-find over a few hundred pairs) and the splices run on the device, one launch
//                     per group position, all launched back to back.
//   order             one block walks the greedy order over chunks of 32 (or more) points of the contours,
//                     each thread keeping its chunks' boxes and middle points in registers: each step bounds
//                     the answer by the distance to every unused chunk's middle point and reduces (distance,
//                     point index) over the points of the chunks whose box is within that bound, the CPU's
//                     tie-break; two barriers a step. Thousands of contours are ordered per contour instead.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike.
//
// The stages live one a file: contour_select.cu (brush, min size, and the compaction), contour_duplicates.cu,
// contour_merge.cu (with contour_merge_plan.cu, its host planning), contour_order.cu and
// contour_order_chunks.cu;
// contour_preprocess_shared.cuh holds what they share. This file: upload, download, the whole run, the
// counts, and numbering the points of contours given by their offsets.
#include "fourier/contour_preprocess_gpu.cuh"

#include <climits>
#include <cstring>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

// One block per contour: its number on every point.
__global__ void labelFromOffsets(const int* offsets, const int* counts, int* contourOf) {
    if (static_cast<int>(blockIdx.x) >= counts[1]) return;
    for (int i = offsets[blockIdx.x] + threadIdx.x; i < offsets[blockIdx.x + 1]; i += blockDim.x)
        contourOf[i] = blockIdx.x;
}

std::size_t roundUp(std::size_t bytes) { return (bytes + 15) / 16 * 16; }

}  // namespace

namespace contour_gpu {

PinnedArea::~PinnedArea() {
    if (data_) cudaFreeHost(data_);
    if (done_) cudaEventDestroy(done_);
}

void* PinnedArea::reserve(std::size_t bytes, cudaStream_t stream) {
    if (pending_ && cudaEventQuery(done_) != cudaSuccess) {
        (void)cudaGetLastError();  // "not ready" is an answer, not an error to keep
        waitForStream(stream);     // rare: the last copy from here is still queued
    }
    pending_ = false;
    if (bytes > bytes_) {
        if (data_) CUDA_CHECK(cudaFreeHost(data_));
        data_ = nullptr, bytes_ = 0;
        const std::size_t grown = bytes + bytes / 4;
        CUDA_CHECK(cudaMallocHost(&data_, grown));
        bytes_ = grown;
    }
    return data_;
}

void PinnedArea::copied(cudaStream_t stream) {
    if (!done_) CUDA_CHECK(cudaEventCreateWithFlags(&done_, cudaEventDisableTiming));
    CUDA_CHECK(cudaEventRecord(done_, stream));
    pending_ = true;
}

}  // namespace contour_gpu

void ContourPreprocessorGpuCuda::Impl::requireContourLimit(const char* step) {
    if (contourCap > kMaxContours) refreshCaps();  // the bound may be stale: earlier steps dropped contours
    if (contourCap > kMaxContours)
        throw UsageError(std::string("the GPU ") + step + " handles at most " + std::to_string(kMaxContours) +
                         " contours, got " + std::to_string(contourCap) + "; raise min size");
}

void ContourPreprocessorGpuCuda::Impl::refreshCaps() {
    const std::vector<int> now = downloadNow(counts.data(), 2, stream);
    pointCap = now[0], contourCap = now[1];
    longestCap = std::min(longestCap, pointCap);
}

void ContourPreprocessorGpuCuda::Impl::labelContours() {
    contourOf.reserve(std::max(pointCap, 1), "contour numbers");
    if (contourCap > 0)
        launchKernel("contours: label from offsets", labelFromOffsets, contourCap, kThreads, 0, stream, offsets.data(),
                     counts.data(), contourOf.data());
}

void ContourPreprocessorGpuCuda::Impl::reserveAlternates() {
    pointsAlt.reserve(std::max(pointCap, 1), "contour points");
    contourOfAlt.reserve(std::max(pointCap, 1), "contour numbers");
    offsetsAlt.reserve(static_cast<std::size_t>(contourCap) + 1, "contour offsets");
    countsAlt.reserve(2, "contour counts");
}

ContourPreprocessorGpuCuda::ContourPreprocessorGpuCuda(cudaStream_t stream) : impl_(std::make_unique<Impl>()) {
    impl_->stream = stream;
}

ContourPreprocessorGpuCuda::~ContourPreprocessorGpuCuda() = default;

void ContourPreprocessorGpuCuda::setStream(cudaStream_t stream) { impl_->stream = stream; }

// The counts live on the device: asking for them waits for the steps queued so far.
std::size_t ContourPreprocessorGpuCuda::contourCount() const {
    return static_cast<std::size_t>(downloadNow(impl_->counts.data(), 2, impl_->stream)[1]);
}
std::size_t ContourPreprocessorGpuCuda::pointCount() const {
    return static_cast<std::size_t>(downloadNow(impl_->counts.data(), 2, impl_->stream)[0]);
}

// One pass over the contours into page-locked memory, then three asynchronous copies: points, offsets, counts.
void ContourPreprocessorGpuCuda::upload(const std::vector<Contour>& contours) {
    Impl& m = *impl_;
    std::size_t total = 0, kept = 0, longest = 0;
    for (const Contour& c : contours)
        if (!c.empty()) total += c.size(), ++kept, longest = std::max(longest, c.size());
    if (total > static_cast<std::size_t>(INT_MAX / 2)) throw UsageError("too many contour points for the GPU");
    m.pointCap = static_cast<int>(total), m.contourCap = static_cast<int>(kept), m.longestCap = static_cast<int>(longest);
    const std::size_t pointBytes = roundUp(total * sizeof(Point)), offsetBytes = (kept + 1) * sizeof(int);
    auto* area = static_cast<char*>(m.uploadArea.reserve(pointBytes + offsetBytes + 2 * sizeof(int), m.stream));
    auto* flat = reinterpret_cast<Point*>(area);
    auto* offsets = reinterpret_cast<int*>(area + pointBytes);
    int* counts = offsets + kept + 1;
    std::size_t at = 0, contour = 0;
    offsets[0] = 0;
    for (const Contour& c : contours) {
        if (c.empty()) continue;  // an empty contour has nothing any step could keep
        std::memcpy(flat + at, c.data(), c.size() * sizeof(Point));
        at += c.size();
        offsets[++contour] = static_cast<int>(at);
    }
    counts[0] = m.pointCap, counts[1] = m.contourCap;
    m.points.reserve(std::max<std::size_t>(total, 1), "contour points");
    m.offsets.reserve(kept + 1, "contour offsets");
    m.counts.reserve(2, "contour counts");
    copyToDevice(m.points.data(), flat, total * sizeof(Point), m.stream);
    copyToDevice(m.offsets.data(), offsets, offsetBytes, m.stream);
    copyToDevice(m.counts.data(), counts, 2 * sizeof(int), m.stream);
    m.uploadArea.copied(m.stream);
    m.labelContours();
}

// Everything up to the bounds in one go, then one wait; the counts say how much of it is real.
std::vector<Contour> ContourPreprocessorGpuCuda::download() const {
    Impl& m = *impl_;
    std::vector<Contour> out;
    if (m.pointCap == 0 || m.contourCap == 0) return out;
    const std::size_t offsetBytes = roundUp((static_cast<std::size_t>(m.contourCap) + 1 + 2) * sizeof(int));
    auto* area = static_cast<char*>(
        m.downloadArea.reserve(offsetBytes + static_cast<std::size_t>(m.pointCap) * sizeof(Point), m.stream));
    auto* counts = reinterpret_cast<int*>(area);
    int* offsets = counts + 2;
    auto* flat = reinterpret_cast<Point*>(area + offsetBytes);
    endFrameCapture(m.stream);
    CUDA_CHECK(cudaMemcpyAsync(counts, m.counts.data(), 2 * sizeof(int), cudaMemcpyDeviceToHost, m.stream));
    CUDA_CHECK(cudaMemcpyAsync(offsets, m.offsets.data(), (static_cast<std::size_t>(m.contourCap) + 1) * sizeof(int),
                               cudaMemcpyDeviceToHost, m.stream));
    CUDA_CHECK(cudaMemcpyAsync(flat, m.points.data(), static_cast<std::size_t>(m.pointCap) * sizeof(Point),
                               cudaMemcpyDeviceToHost, m.stream));
    m.downloadArea.copied(m.stream);
    waitForStream(m.stream);
    m.pointCap = counts[0], m.contourCap = counts[1];  // exact again, now that the host has them
    for (int c = 0; c < counts[1]; ++c) out.emplace_back(flat + offsets[c], flat + offsets[c + 1]);
    return out;
}

std::vector<Contour> ContourPreprocessorGpuCuda::run(const std::vector<Contour>& contours,
                                                 const std::vector<BrushStroke>& strokes, const PreprocessSettings& s) {
    upload(contours);
    removeBrushed(strokes);
    dropSmall(s.minSize);
    removeDuplicates(s.duplicateDistance);
    mergeClose(s.mergeDistance);
    orderGreedy();
    return download();
}

}  // namespace racelab::fourier

// The scenes make this GPU half through makeGpuHalf<ContourPreprocessorGpu>("fourier_contours")
// (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(fourier_contours) { return std::make_unique<racelab::fourier::ContourPreprocessorGpuCuda>(); }
