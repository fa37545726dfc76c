// Contour preprocessing on the GPU, the greedy order (contour_preprocess_gpu.cuh): the biggest contour first
// (the first of equals), then greedily the nearest, one block walking the order, since each step starts
// where the one before ended. Two ways, the same result:
//   by chunks         (contour_order_chunks.cu) whenever every contour's chunks of 32 << k points fit the
//                     block's registers: the usual case, and the fast one.
//   by contours       here, for thousands of contours: a step bounds the answer by the distance to every
//                     unused contour's first point, and reduces (distance, point index) -- the CPU's
//                     tie-break -- over the points of the contours whose box is within that bound, a warp a
//                     contour. The block then lays out the new offsets.
// Then a gather copies every contour rotated to start at its entry point. No read-back: the count stays on
// the device. Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison
// rounds alike.
#include <cfloat>
#include <climits>
#include <cub/block/block_scan.cuh>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"
#include "fourier/contour_reorder_offsets.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kOrderThreads = 1024;
constexpr int kWarps = kOrderThreads / 32;
constexpr int kOwned = kMaxContours / kOrderThreads;  // contours a thread tracks in the bound pass (a 64-bit mask)
static_assert(kOwned <= 64, "a thread's own contours fit one 64-bit mask");

// One warp per contour: its bounding box.
__global__ void contourBoxes(const Point* points, const int* offsets, const int* counts, Box* boxes) {
    const int c = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (c >= counts[1]) return;
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

// The block's minimum of v, known to every thread: warp shuffles, one slot a warp, one barrier. `slots` must
// not be written again before every thread has passed a later barrier (callers alternate two slot arrays).
__device__ unsigned long long blockMin(unsigned long long v, unsigned long long* slots) {
    for (int s = 16; s > 0; s /= 2) v = min(v, __shfl_xor_sync(0xffffffffu, v, s));
    if (threadIdx.x % 32 == 0) slots[threadIdx.x / 32] = v;
    __syncthreads();
    unsigned long long m = slots[0];
    for (int w = 1; w < kWarps; ++w) m = min(m, slots[w]);
    return m;
}

// The order by contours. Thread (warp w, lane l) owns contours w + 32 l + 1024 k: it tracks whether they are
// used (a bit per k) and keeps the first one's offsets, first point and box in registers, so that for up to
// 1024 contours a step reads nothing but the candidates' points from memory -- the warp that tests contour
// w + 32 m takes its data from lane m by shuffles.
__global__ void __launch_bounds__(kOrderThreads) greedyOrder(const Point* points, const int* contourOf,
                                                             const int* offsets, const Box* boxes, const int* counts,
                                                             int* order, int* entry, int* newOffsets) {
    using Scan = cub::BlockScan<int, kOrderThreads>;
    __shared__ typename Scan::TempStorage scanStorage;
    __shared__ unsigned used[kMaxContours / 32];  // for contours past the first 1024; written by a contour's owner
    __shared__ unsigned long long slots[2][kWarps];
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int contours = counts[1];
    for (int w = tid; w < (contours + 31) / 32; w += kOrderThreads) used[w] = 0;
    const int mine0 = warp + 32 * lane;  // the first contour this thread owns
    int start0 = 0, end0 = 0;
    Point first0{0.f, 0.f};
    Box box0{0.f, 0.f, 0.f, 0.f};
    if (mine0 < contours) start0 = offsets[mine0], end0 = offsets[mine0 + 1], first0 = points[start0], box0 = boxes[mine0];
    unsigned long long owned = 0;  // bit k: contour mine0 + k * kOrderThreads is used
    // the first: the biggest, the first of equals (the smallest key: most points, then lowest number)
    unsigned long long firstKey = ULLONG_MAX;
    for (int c = tid; c < contours; c += kOrderThreads)
        firstKey = min(firstKey, (static_cast<unsigned long long>(0xffffffffu - static_cast<unsigned>(
                                      offsets[c + 1] - offsets[c])) << 32) | static_cast<unsigned>(c));
    int chosen = static_cast<int>(blockMin(firstKey, slots[1]) & 0xffffffffu), at = 0;  // barrier: `used` is clear
    for (int step = 0; step < contours; ++step) {
        // every thread knows the choice: record it, mark it used, and move the pen to its end
        const int start = offsets[chosen], size = offsets[chosen + 1] - start;
        if (tid == 0) order[step] = chosen, entry[step] = at;
        const int r = chosen % kOrderThreads;
        if ((r % 32) * 32 + r / 32 == tid) {  // the owner
            owned |= 1ull << (chosen / kOrderThreads);
            used[chosen >> 5] |= 1u << (chosen & 31);  // read only after the next barrier
        }
        if (step + 1 == contours) break;
        const Point e = points[start + (at + size - 1) % size];  // entered at `at`, it ends just before it
        const Box here{e.x, e.y, e.x, e.y};
        // an upper bound of the answer: the nearest first point of an unused contour
        float upper = FLT_MAX;
        for (int k = 0, c = mine0; c < contours; ++k, c += kOrderThreads)
            if (!(owned >> k & 1ull)) upper = fminf(upper, squaredDistance(k == 0 ? first0 : points[offsets[c]], e));
        const float bound = __uint_as_float(static_cast<unsigned>(blockMin(distanceKey(upper, 0), slots[0]) >> 32));
        // the nearest point over the contours whose box is within the bound, a warp a contour
        unsigned long long best = ULLONG_MAX;
        for (int m = 0, c = warp; c < contours; ++m, c += kWarps) {  // the same in every lane
            bool skip;
            int from, to;
            if (m < 32) {  // lane m holds it
                const bool isUsed = __shfl_sync(0xffffffffu, static_cast<unsigned>(owned & 1ull), m) != 0u;
                const Box b{__shfl_sync(0xffffffffu, box0.x0, m), __shfl_sync(0xffffffffu, box0.y0, m),
                            __shfl_sync(0xffffffffu, box0.x1, m), __shfl_sync(0xffffffffu, box0.y1, m)};
                from = __shfl_sync(0xffffffffu, start0, m), to = __shfl_sync(0xffffffffu, end0, m);
                skip = isUsed || boxDistanceSquared(b, here) > bound;
            } else {
                skip = ((used[c >> 5] >> (c & 31)) & 1u) || boxDistanceSquared(boxes[c], here) > bound;
                from = offsets[c], to = offsets[c + 1];
            }
            if (skip) continue;
            for (int i = from + lane; i < to; i += 32)
                best = min(best, distanceKey(squaredDistance(points[i], e), static_cast<unsigned>(i)));
        }
        const int nearest = static_cast<int>(blockMin(best, slots[1]) & 0xffffffffu);
        chosen = contourOf[nearest];
        at = nearest - offsets[chosen];
    }
    __syncthreads();  // order[] is written by thread 0
    scanReorderedOffsets<kOrderThreads>(order, offsets, contours, scanStorage, newOffsets);
}

// One block per output contour: the contour order[b] rotated to start at entry[b].
__global__ void gatherRotated(const Point* points, const int* offsets, const int* counts, const int* order,
                              const int* entry, const int* newOffsets, Point* out, int* contourOf) {
    if (static_cast<int>(blockIdx.x) >= counts[1]) return;
    const int from = order[blockIdx.x], at = entry[blockIdx.x], destination = newOffsets[blockIdx.x];
    const int start = offsets[from], size = offsets[from + 1] - start;
    for (int k = threadIdx.x; k < size; k += blockDim.x) {
        out[destination + k] = points[start + (at + k) % size];
        contourOf[destination + k] = blockIdx.x;
    }
}

}  // namespace

void ContourPreprocessorGpuCuda::orderGreedy() {
    Impl& m = *impl_;
    if (m.contourCap < 2 || m.pointCap == 0) return;  // one contour stays as it is
    m.requireContourLimit("ordering");
    const int cap = m.contourCap;
    m.orderSteps.reserve(2 * static_cast<std::size_t>(cap), "contour order");
    m.reserveAlternates();
    int* order = m.orderSteps.data();
    int* entry = order + cap;
    if (const int shift = chunkShiftFor(m.pointCap, cap); shift >= 0) {
        m.orderByChunks(shift, order, entry);
    } else {
        m.boxes.reserve(cap, "contour boxes");
        launchKernel("contours: boxes", contourBoxes, blocksFor(static_cast<std::size_t>(cap) * 32, kThreads),
                     kThreads, 0, m.stream, m.points.data(), m.offsets.data(), m.counts.data(), m.boxes.data());
        launchKernel("contours: greedy order", greedyOrder, 1, kOrderThreads, 0, m.stream, m.points.data(),
                     m.contourOf.data(), m.offsets.data(), m.boxes.data(), m.counts.data(), order, entry,
                     m.offsetsAlt.data());
    }
    launchKernel("contours: gather rotated", gatherRotated, cap, kThreads, 0, m.stream, m.points.data(),
                 m.offsets.data(), m.counts.data(), order, entry, m.offsetsAlt.data(), m.pointsAlt.data(),
                 m.contourOfAlt.data());
    std::swap(m.points, m.pointsAlt);
    std::swap(m.contourOf, m.contourOfAlt);
    std::swap(m.offsets, m.offsetsAlt);
}

}  // namespace racelab::fourier
