// Contour preprocessing on the GPU, the greedy order (contour_preprocess_gpu.cuh):
//   order             one block walks the greedy order: each step bounds the answer by the distance to every
//                     unused contour's first point, keeps the contours whose box is within that bound, and
//                     reduces (distance, point index) over their points, the CPU's tie-break.
// then every contour is copied rotated to start at its entry point. Distances are contour.hpp's, shared with
// the CPU and unfused on the GPU, so every comparison rounds alike.
#include <cfloat>
#include <climits>
#include <cub/block/block_reduce.cuh>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kOrderThreads = 1024;
constexpr int kMaxCandidates = 2048;  // contours near enough to be searched point by point in one order step

struct MinKey {
    __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a < b ? a : b; }
};

// One warp per contour: its bounding box.
__global__ void contourBoxes(const Point* points, const int* offsets, int contours, Box* boxes) {
    const int c = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (c >= contours) return;
    const Point first = points[offsets[c]];
    Box b{first.x, first.y, first.x, first.y};
    for (int i = offsets[c] + lane; i < offsets[c + 1]; i += 32)
        b = {fminf(b.x0, points[i].x), fminf(b.y0, points[i].y), fmaxf(b.x1, points[i].x), fmaxf(b.y1, points[i].y)};
    for (int s = 16; s > 0; s /= 2) {
        b.x0 = fminf(b.x0, __shfl_xor_sync(0xffffffffu, b.x0, s));
        b.y0 = fminf(b.y0, __shfl_xor_sync(0xffffffffu, b.y0, s));
        b.x1 = fmaxf(b.x1, __shfl_xor_sync(0xffffffffu, b.x1, s));
        b.y1 = fmaxf(b.y1, __shfl_xor_sync(0xffffffffu, b.y1, s));
    }
    if (lane == 0) boxes[c] = b;
}

__global__ void __launch_bounds__(kOrderThreads) greedyOrder(const Point* points, const int* contourOf,
                                                             const int* offsets, const Box* boxes, int contours,
                                                             int n, int first, int* order, int* entry) {
    using Reduce = cub::BlockReduce<unsigned long long, kOrderThreads>;
    __shared__ typename Reduce::TempStorage reduceStorage;
    __shared__ unsigned used[kMaxContours / 32];
    __shared__ int candidates[kMaxCandidates];
    __shared__ int candidateCount;
    __shared__ float bound;
    __shared__ Point penEnd;
    const int tid = threadIdx.x;
    for (int w = tid; w < (contours + 31) / 32; w += kOrderThreads) used[w] = 0;
    __syncthreads();
    auto isUsed = [&](int c) { return (used[c >> 5] >> (c & 31)) & 1u; };
    if (tid == 0) {
        order[0] = first, entry[0] = 0;
        used[first >> 5] |= 1u << (first & 31);
        penEnd = points[offsets[first + 1] - 1];
    }
    __syncthreads();
    for (int step = 1; step < contours; ++step) {
        const Point e = penEnd;
        const Box here{e.x, e.y, e.x, e.y};
        // an upper bound of the answer: the nearest first point of an unused contour
        float upper = FLT_MAX;
        for (int c = tid; c < contours; c += kOrderThreads)
            if (!isUsed(c)) upper = fminf(upper, squaredDistance(points[offsets[c]], e));
        const unsigned long long upperKey = Reduce(reduceStorage).Reduce(distanceKey(upper, 0), MinKey{});
        if (tid == 0) bound = __uint_as_float(static_cast<unsigned>(upperKey >> 32)), candidateCount = 0;
        __syncthreads();
        for (int c = tid; c < contours; c += kOrderThreads)
            if (!isUsed(c) && boxDistanceSquared(boxes[c], here) <= bound) {
                const int slot = atomicAdd(&candidateCount, 1);
                if (slot < kMaxCandidates) candidates[slot] = c;
            }
        __syncthreads();
        unsigned long long mine = ULLONG_MAX;
        if (candidateCount <= kMaxCandidates) {
            const int warp = tid / 32, lane = tid % 32;
            for (int k = warp; k < candidateCount; k += kOrderThreads / 32)
                for (int i = offsets[candidates[k]] + lane; i < offsets[candidates[k] + 1]; i += 32)
                    mine = min(mine, distanceKey(squaredDistance(points[i], e), static_cast<unsigned>(i)));
        } else {  // too many near contours to list: search every unused point
            for (int i = tid; i < n; i += kOrderThreads)
                if (!isUsed(contourOf[i]))
                    mine = min(mine, distanceKey(squaredDistance(points[i], e), static_cast<unsigned>(i)));
        }
        const unsigned long long best = Reduce(reduceStorage).Reduce(mine, MinKey{});
        if (tid == 0) {
            const int i = static_cast<int>(best & 0xffffffffu), c = contourOf[i];
            const int size = offsets[c + 1] - offsets[c], at = i - offsets[c];
            order[step] = c, entry[step] = at;
            used[c >> 5] |= 1u << (c & 31);
            penEnd = points[offsets[c] + (at + size - 1) % size];  // entered at `at`, it ends just before it
        }
        __syncthreads();
    }
}

// One block per output contour: source contour `from` rotated to start at `entry`.
struct RotatedCopy {
    int from, entry, destination;
};

__global__ void gatherRotated(const Point* points, const int* offsets, const RotatedCopy* copies, Point* out,
                              int* contourOf) {
    const RotatedCopy r = copies[blockIdx.x];
    const int start = offsets[r.from], size = offsets[r.from + 1] - start;
    for (int k = threadIdx.x; k < size; k += blockDim.x) {
        out[r.destination + k] = points[start + (r.entry + k) % size];
        contourOf[r.destination + k] = blockIdx.x;
    }
}

}  // namespace

void ContourPreprocessorGpuCuda::orderGreedy() {
    Impl& m = *impl_;
    const int contours = m.contours();
    if (contours < 2) return;
    m.requireContourLimit("ordering");
    int first = 0;  // the biggest; the first of equals, as on the CPU
    for (int c = 1; c < contours; ++c)
        if (m.offsets[c + 1] - m.offsets[c] > m.offsets[first + 1] - m.offsets[first]) first = c;
    DeviceBuffer<Box> boxes(contours, "contour boxes");
    launchKernel("contours: boxes", contourBoxes, blocksFor(static_cast<std::size_t>(contours) * 32, kThreads), kThreads,
                 0, m.stream, m.points.data(), m.deviceOffsets.data(), contours, boxes.data());
    DeviceBuffer<int> steps(2 * static_cast<std::size_t>(contours), "contour order");
    launchKernel("contours: greedy order", greedyOrder, 1, kOrderThreads, 0, m.stream, m.points.data(), m.contourOf.data(),
                 m.deviceOffsets.data(), boxes.data(), contours, m.n, first, steps.data(), steps.data() + contours);
    const std::vector<int> result = downloadNow(steps.data(), 2 * static_cast<std::size_t>(contours), m.stream);
    std::vector<RotatedCopy> copies;
    std::vector<int> outOffsets{0};
    for (int k = 0; k < contours; ++k) {
        const int c = result[k];
        copies.push_back({c, result[contours + k], outOffsets.back()});
        outOffsets.push_back(outOffsets.back() + m.offsets[c + 1] - m.offsets[c]);
    }
    DeviceBuffer<RotatedCopy> deviceCopies;
    uploadAsync(deviceCopies, copies, m.stream, "contour order");
    m.pointsAlt.reserve(m.n, "contour points");
    m.contourOfAlt.reserve(m.n, "contour numbers");
    launchKernel("contours: gather rotated", gatherRotated, contours, kThreads, 0, m.stream, m.points.data(),
                 m.deviceOffsets.data(), deviceCopies.data(), m.pointsAlt.data(), m.contourOfAlt.data());
    std::swap(m.points, m.pointsAlt);
    std::swap(m.contourOf, m.contourOfAlt);
    m.offsets = outOffsets;
    uploadAsync(m.deviceOffsets, m.offsets, m.stream, "contour offsets");
}

}  // namespace racelab::fourier
