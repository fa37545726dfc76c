// The contour preprocessing on the GPU. Contours live flattened: points[], contourOf[] (the contour of each
// point, non-decreasing) and offsets[] (where each contour starts, plus the total at the end).
//   brush, min size   flag each point, CUB DeviceSelect::Flagged, relabel (head flags + CUB scan)
//   duplicates        the CPU keeps a point when it is far enough from the last *kept* point, a sequential
//                     chain. Each point's successor on that chain (the first later point far enough) is
//                     found in parallel; the chain from each contour's first point is then walked by
//                     pointer jumping (log2(length) doubling passes), so the result equals the CPU's exactly.
//   merge             tiled all-pairs distances through shared memory, skipping tile pairs whose bounding
//                     boxes are apart, give the pairs of close contours; the host joins them into groups
//                     (union-find over a few hundred pairs) and the splices run on the device, one batched
//                     round per group position, all rounds launched back to back.
//   order             one block walks the greedy order: each step bounds the answer by the distance to every
//                     unused contour's first point, keeps the contours whose box is within that bound, and
//                     reduces (distance, point index) over their points, the CPU's tie-break.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike.
//
// The stages live one a file: contour_select.cu (brush, min size, and the compaction and relabelling),
// contour_duplicates.cu, contour_merge.cu (with contour_merge_plan.cu, its host planning) and
// contour_order.cu; contour_preprocess_shared.cuh holds what they share. This file: upload, download, the
// whole run, and numbering the points of contours given by their offsets.
#include "fourier/contour_preprocess_gpu.cuh"

#include <climits>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

// One block per contour: its number on every point.
__global__ void labelFromOffsets(const int* offsets, int* contourOf) {
    for (int i = offsets[blockIdx.x] + threadIdx.x; i < offsets[blockIdx.x + 1]; i += blockDim.x)
        contourOf[i] = blockIdx.x;
}

}  // namespace

void ContourPreprocessorGpuCuda::Impl::takeOffsets(const std::vector<int>& hostOffsets) {
    offsets = hostOffsets;
    uploadAsync(deviceOffsets, offsets, stream, "contour offsets");
    contourOf.reserve(n, "contour numbers");
    if (contours() > 0)
        launchKernel("contours: label from offsets", labelFromOffsets, contours(), kThreads, 0, stream,
                     deviceOffsets.data(), contourOf.data());
}

ContourPreprocessorGpuCuda::ContourPreprocessorGpuCuda(cudaStream_t stream) : impl_(std::make_unique<Impl>()) {
    impl_->stream = stream;
}

ContourPreprocessorGpuCuda::~ContourPreprocessorGpuCuda() = default;

void ContourPreprocessorGpuCuda::setStream(cudaStream_t stream) { impl_->stream = stream; }

std::size_t ContourPreprocessorGpuCuda::contourCount() const { return static_cast<std::size_t>(impl_->contours()); }
std::size_t ContourPreprocessorGpuCuda::pointCount() const { return static_cast<std::size_t>(impl_->n); }

void ContourPreprocessorGpuCuda::upload(const std::vector<Contour>& contours) {
    Impl& m = *impl_;
    std::vector<Point> flat;
    std::vector<int> offsets{0};
    for (const Contour& c : contours) {
        if (c.empty()) continue;  // an empty contour has nothing any step could keep
        flat.insert(flat.end(), c.begin(), c.end());
        offsets.push_back(static_cast<int>(flat.size()));
    }
    if (flat.size() > static_cast<std::size_t>(INT_MAX / 2)) throw UsageError("too many contour points for the GPU");
    m.n = static_cast<int>(flat.size());
    uploadAsync(m.points, flat, m.stream, "contour points");
    m.takeOffsets(offsets);
}

std::vector<Contour> ContourPreprocessorGpuCuda::download() const {
    const Impl& m = *impl_;
    std::vector<Point> flat = downloadNow(m.points.data(), static_cast<std::size_t>(m.n), m.stream);
    std::vector<Contour> out;
    for (int c = 0; c < m.contours(); ++c) out.emplace_back(flat.begin() + m.offsets[c], flat.begin() + m.offsets[c + 1]);
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
// (core/gpu_half.hpp).
RACELAB_GPU_HALF(fourier_contours) { return std::make_unique<racelab::fourier::ContourPreprocessorGpuCuda>(); }
