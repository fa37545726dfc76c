// Contour preprocessing on the GPU, removing duplicate points (contour_preprocess_gpu.cuh):
//   duplicates        the CPU keeps a point when it is far enough from the last *kept* point, a sequential
//                     chain. Each point's successor on that chain (the first later point far enough) is
//                     found in parallel; the chain from each contour's first point is then walked by
//                     pointer jumping (log2(length) doubling passes), so the result equals the CPU's exactly.
// Distances are contour.hpp's, shared with the CPU and unfused on the GPU, so every comparison rounds alike.
#include <algorithm>
#include <climits>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kNone = INT_MAX;  // no later point on the chain

// The first later point of the same contour at least `limit` (squared) away: the next kept point if i is kept.
__global__ void nextKept(const Point* points, const int* contourOf, const int* offsets, int n, float limit, int* next) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int end = offsets[contourOf[i] + 1];
    const Point p = points[i];
    int j = i + 1;
    while (j < end && squaredDistance(p, points[j]) < limit) ++j;
    next[i] = j < end ? j : kNone;
}

__global__ void jumpTwice(const int* from, int n, int* to) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int a = from[i];
    to[i] = a == kNone ? kNone : from[a];
}

// i is kept when the chain from its contour's first point lands on it: descend the jump levels, taking every
// jump that does not pass i (the chain's indices only grow).
__global__ void keptOnChain(const int* jumps, int levels, int n, const int* contourOf, const int* offsets,
                            unsigned char* keep) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = offsets[contourOf[i]];
    for (int k = levels - 1; k >= 0; --k) {
        const int y = jumps[static_cast<std::size_t>(k) * n + x];
        if (y <= i) x = y;
    }
    keep[i] = x == i;
}

}  // namespace

void ContourPreprocessorGpuCuda::removeDuplicates(float distance) {
    Impl& m = *impl_;
    if (m.n == 0) return;
    int longest = 1;
    for (int c = 0; c < m.contours(); ++c) longest = std::max(longest, m.offsets[c + 1] - m.offsets[c]);
    int levels = 1;  // 2^levels > longest: enough doublings to cross any contour
    while ((1 << levels) <= longest) ++levels;
    DeviceBuffer<int> jumps(static_cast<std::size_t>(levels) * m.n, "duplicate-removal jump tables");
    const unsigned blocks = blocksFor(m.n, kThreads);
    launchKernel("contours: next kept", nextKept, blocks, kThreads, 0, m.stream, m.points.data(), m.contourOf.data(),
                 m.deviceOffsets.data(), m.n, distance * distance, jumps.data());
    for (int k = 1; k < levels; ++k)
        launchKernel("contours: jump twice", jumpTwice, blocks, kThreads, 0, m.stream,
                     jumps.data() + static_cast<std::size_t>(k - 1) * m.n, m.n,
                     jumps.data() + static_cast<std::size_t>(k) * m.n);
    m.flags.reserve(m.n, "point flags");
    launchKernel("contours: kept on chain", keptOnChain, blocks, kThreads, 0, m.stream, jumps.data(), levels, m.n,
                 m.contourOf.data(), m.deviceOffsets.data(), m.flags.data());
    m.compact();
}

}  // namespace racelab::fourier
