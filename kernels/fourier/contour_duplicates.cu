// Contour preprocessing on the GPU, removing duplicate points (contour_preprocess_gpu.cuh):
//   duplicates        the CPU keeps a point when it is far enough from the last *kept* point, a sequential
//                     chain. Each point's successor on that chain (the first later point far enough) is
//                     found in parallel; jump tables of 8, 64, 512, ... chain steps are built from it (one
//                     launch each, so a contour of 4096 points needs three), and every point descends them
//                     from its contour's first point without passing itself: it is kept when it lands on
//                     itself. The result equals the CPU's exactly. The kept points are then compacted.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike.
#include <algorithm>
#include <climits>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kNone = INT_MAX;  // no later point on the chain
constexpr int kBase = 8;        // each jump table jumps kBase times as far as the one before

// The first later point of the same contour at least `limit` (squared) away: the next kept point if i is kept.
__global__ void nextKept(const Point* points, const int* contourOf, const int* offsets, const int* counts, float limit,
                         int* next) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= counts[0]) return;
    const int end = offsets[contourOf[i] + 1];
    const Point p = points[i];
    int j = i + 1;
    while (j < end && squaredDistance(p, points[j]) < limit) ++j;
    next[i] = j < end ? j : kNone;
}

// to = from applied kBase times.
__global__ void jumpFurther(const int* from, const int* counts, int* to) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= counts[0]) return;
    int x = i;
    for (int s = 0; s < kBase && x != kNone; ++s) x = from[x];
    to[i] = x;
}

// i is kept when the chain from its contour's first point lands on it: descend the jump levels, taking each
// jump (up to kBase - 1 of a level) that does not pass i -- the chain's indices only grow.
__global__ void keptOnChain(const int* jumps, std::size_t stride, int levels, const int* counts, int cap,
                            const int* contourOf, const int* offsets, int* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cap) return;
    if (i >= counts[0]) {
        keep[i] = 0;
        return;
    }
    int x = offsets[contourOf[i]];
    for (int k = levels - 1; k >= 0; --k) {
        const int* level = jumps + static_cast<std::size_t>(k) * stride;
        for (int s = 1; s < kBase; ++s) {
            const int y = level[x];
            if (y > i) break;  // kNone too
            x = y;
        }
    }
    keep[i] = x == i;
}

}  // namespace

void ContourPreprocessorGpuCuda::removeDuplicates(float distance) {
    Impl& m = *impl_;
    if (m.pointCap == 0) return;
    // kBase^levels > longest chain step count: enough jumps to cross any contour
    int levels = 1;
    for (long long reach = kBase; reach <= m.longestCap; reach *= kBase) ++levels;
    const std::size_t stride = static_cast<std::size_t>(m.pointCap);
    m.jumps.reserve(static_cast<std::size_t>(levels) * stride, "duplicate-removal jump tables");
    const unsigned blocks = blocksFor(m.pointCap, kThreads);
    launchKernel("contours: next kept", nextKept, blocks, kThreads, 0, m.stream, m.points.data(), m.contourOf.data(),
                 m.offsets.data(), m.counts.data(), distance * distance, m.jumps.data());
    for (int k = 1; k < levels; ++k)
        launchKernel("contours: jump further", jumpFurther, blocks, kThreads, 0, m.stream,
                     m.jumps.data() + static_cast<std::size_t>(k - 1) * stride, m.counts.data(),
                     m.jumps.data() + static_cast<std::size_t>(k) * stride);
    m.keep.reserve(m.pointCap, "point flags");
    launchKernel("contours: kept on chain", keptOnChain, blocks, kThreads, 0, m.stream, m.jumps.data(), stride, levels,
                 m.counts.data(), m.pointCap, m.contourOf.data(), m.offsets.data(), m.keep.data());
    m.compactKept();
}

}  // namespace racelab::fourier
