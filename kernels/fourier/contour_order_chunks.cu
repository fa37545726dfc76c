// Contour preprocessing on the GPU, the greedy order over chunks (contour_order.cu picks it whenever the
// chunks fit one block's registers, which is every input but those of thousands of contours):
//   chunks            every contour cut into chunks of S points (S = 32 << k, so that all fit); slot
//                     (offset >> log2 S) + contour + q holds chunk q of a contour (a slot or two between
//                     contours stay empty), so no scan is needed to number them. A chunk keeps its box and
//                     its middle point.
//   order             one block of 512 walks the order, each thread keeping 8 chunk slots (box, middle point)
//                     in registers. A step: the distance to the middle point of every unused chunk bounds the
//                     answer, and the chunks whose box is within that bound are searched point by point, a
//                     warp a chunk, for the least (distance, point index) -- the CPU's tie-break. Neighbouring
//                     slots belong to different warps, so the few chunks near the pen are searched side by
//                     side. Each reduction is a warp minimum (two for a 64-bit key), one slot a warp and one
//                     barrier; the winning warp's lane also leaves the new pen end (the point before the
//                     entry, found by a shuffle in the search) and the chosen contour's slot range, so a step
//                     reads no global memory but the candidates' points and costs two barriers.
// Both bounds are exact in floats: the middle point's distance is a real candidate's, and the box distance
// (rounding is monotone) is never above any of its points', so no chunk that could win or tie is skipped.
#include <cfloat>
#include <climits>
#include <cub/block/block_scan.cuh>

#include "common/launch.cuh"
#include "fourier/contour_preprocess_shared.cuh"
#include "fourier/contour_reorder_offsets.cuh"

namespace racelab::fourier {
using namespace contour_gpu;
namespace {

constexpr int kWarps = kChunkThreads / 32;
constexpr unsigned kAll = 0xffffffffu;

// One thread a slot: which contour's chunk it holds (the last contour whose first slot is at or before it,
// by bisection), then the chunk's box and middle point, or contour -1 for a slot between two contours.
__global__ void chunkSlots(const Point* points, const int* offsets, const int* counts, int shift, OrderChunk* chunks) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const int contours = counts[1];
    if (j >= (counts[0] >> shift) + contours) return;
    int lo = 0, hi = contours - 1;  // the first slot of contour c, (offsets[c] >> shift) + c, grows with c
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if ((offsets[mid] >> shift) + mid <= j) lo = mid;
        else hi = mid - 1;
    }
    const int start = offsets[lo] + ((j - (offsets[lo] >> shift) - lo) << shift), end = offsets[lo + 1];
    OrderChunk chunk{{0.f, 0.f, 0.f, 0.f}, {0.f, 0.f}, -1, 0};
    if (start < end) {
        const int last = min(start + (1 << shift), end);
        const Point first = points[start];
        Box b{first.x, first.y, first.x, first.y};
#pragma unroll 8
        for (int i = start + 1; i < last; ++i) {
            const Point p = points[i];
            b = {fminf(b.x0, p.x), fminf(b.y0, p.y), fmaxf(b.x1, p.x), fmaxf(b.y1, p.y)};
        }
        chunk = {b, points[start + (last - start) / 2], lo, 0};
    }
    chunks[j] = chunk;
}

// The warp's minimum, known to every lane (one instruction where the GPU has it).
__device__ __forceinline__ unsigned warpMin(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    return __reduce_min_sync(kAll, v);
#else
    for (int s = 16; s > 0; s /= 2) v = min(v, __shfl_xor_sync(kAll, v, s));
    return v;
#endif
}

// A 64-bit minimum as two 32-bit ones: the high halves, then the low halves of the lanes holding that high.
__device__ __forceinline__ unsigned long long warpMin(unsigned long long v) {
    const unsigned high = warpMin(static_cast<unsigned>(v >> 32));
    const unsigned low = warpMin(static_cast<unsigned>(v >> 32) == high ? static_cast<unsigned>(v) : kAll);
    return static_cast<unsigned long long>(high) << 32 | low;
}

// What a warp's best point of a step means: the contour entered there, the entry, the pen's new end (the
// point before the entry) and the contour's slots, which leave the search.
struct StepWinner {
    unsigned long long key;
    Point end;
    int contour, entry, firstSlot, endSlot;
};

// Thread (warp w, lane l) owns slots w + kWarps * l + kChunkThreads * k, k < kChunkSlotsPerThread: chunk q
// of a contour and chunk q + 1 sit in different warps.
__device__ __forceinline__ int ownedSlot(int warp, int lane, int k) { return warp + kWarps * lane + kChunkThreads * k; }

__global__ void __launch_bounds__(kChunkThreads) greedyOrderChunks(const Point* points, const int* offsets,
                                                                   const int* counts, const OrderChunk* chunks,
                                                                   int shift, int contourCap, int* order, int* entry,
                                                                   int* newOffsets) {
    using Scan = cub::BlockScan<int, kChunkThreads>;
    __shared__ typename Scan::TempStorage scanStorage;
    __shared__ unsigned boundSlots[kWarps];  // written before the first barrier of a step, read after it
    __shared__ StepWinner winners[kWarps];   // written before the second, read after it
    extern __shared__ int sharedInts[];
    int* contourStart = sharedInts;                   // offsets, contours + 1 of them
    int* slotContour = sharedInts + contourCap + 1;   // the contour of each slot (-1: none)
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int contours = counts[1], slots = (counts[0] >> shift) + contours;
    if (contours < 1) {
        if (tid == 0) newOffsets[0] = 0;
        return;
    }
    for (int c = tid; c <= contours; c += kChunkThreads) contourStart[c] = offsets[c];
    Box box[kChunkSlotsPerThread];
    Point middle[kChunkSlotsPerThread];
    float lower[kChunkSlotsPerThread];
    unsigned live = 0;  // bit k: slot k holds a chunk of an unused contour
#pragma unroll
    for (int k = 0; k < kChunkSlotsPerThread; ++k) {
        const int j = ownedSlot(warp, lane, k);
        box[k] = {0.f, 0.f, 0.f, 0.f}, middle[k] = {0.f, 0.f}, lower[k] = 0.f;
        if (j < slots) {
            const OrderChunk chunk = chunks[j];
            slotContour[j] = chunk.contour;
            if (chunk.contour >= 0) box[k] = chunk.box, middle[k] = chunk.middle, live |= 1u << k;
        }
    }
    // the first: the biggest, the first of equals (the least key: most points, then lowest number)
    unsigned long long firstKey = ULLONG_MAX;
    for (int c = tid; c < contours; c += kChunkThreads)
        firstKey = min(firstKey, static_cast<unsigned long long>(0xffffffffu - static_cast<unsigned>(
                                     offsets[c + 1] - offsets[c])) << 32 | static_cast<unsigned>(c));
    firstKey = warpMin(firstKey);
    if (lane == 0) winners[warp].key = firstKey;
    __syncthreads();  // the contour table, the slot table, the warps' first keys
    const int chosenFirst = static_cast<int>(warpMin(lane < kWarps ? winners[lane].key : ULLONG_MAX) & 0xffffffffu);
    const int firstSize = contourStart[chosenFirst + 1] - contourStart[chosenFirst];
    Point end = points[contourStart[chosenFirst + 1] - 1];  // entered at its first point, it ends at its last
    int firstSlot = (contourStart[chosenFirst] >> shift) + chosenFirst;
    int endSlot = firstSlot + ((firstSize + (1 << shift) - 1) >> shift);
    if (tid == 0) order[0] = chosenFirst, entry[0] = 0;
    for (int step = 1; step < contours; ++step) {
        // the chosen contour's chunks leave; the rest bound the answer by their middle points
        const Box here{end.x, end.y, end.x, end.y};
        unsigned upper = kAll;
#pragma unroll
        for (int k = 0; k < kChunkSlotsPerThread; ++k) {
            if (!(live >> k & 1u)) continue;
            const int j = ownedSlot(warp, lane, k);
            if (j >= firstSlot && j < endSlot) {
                live &= ~(1u << k);
                continue;
            }
            upper = min(upper, __float_as_uint(squaredDistance(middle[k], end)));  // >= 0: bits order alike
            lower[k] = boxDistanceSquared(box[k], here);
        }
        upper = warpMin(upper);
        if (lane == 0) boundSlots[warp] = upper;
        __syncthreads();
        const unsigned bound = warpMin(lane < kWarps ? boundSlots[lane] : kAll);
        unsigned near = 0;  // bit k: slot k may hold the answer
#pragma unroll
        for (int k = 0; k < kChunkSlotsPerThread; ++k)
            if ((live >> k & 1u) && __float_as_uint(lower[k]) <= bound) near |= 1u << k;
        // the warp searches its near chunks one after the other, a lane a point
        unsigned long long best = ULLONG_MAX;
        Point bestBefore{0.f, 0.f};
        int bestSlot = 0;
        for (int k = 0; k < kChunkSlotsPerThread; ++k)
            for (unsigned mask = __ballot_sync(kAll, near >> k & 1u); mask != 0u; mask &= mask - 1u) {
                const int j = ownedSlot(warp, __ffs(mask) - 1, k), c = slotContour[j];
                const int from = contourStart[c], to = contourStart[c + 1];
                const int start = from + ((j - (from >> shift) - c) << shift), last = min(start + (1 << shift), to);
                for (int first = start; first < last; first += 32) {  // the same in every lane
                    const int i = first + lane;
                    Point p{0.f, 0.f}, before{0.f, 0.f};
                    if (i < last) p = points[i];
                    if (lane == 0) before = points[i == from ? to - 1 : i - 1];  // the contour is a cycle
                    const float beforeX = __shfl_up_sync(kAll, p.x, 1), beforeY = __shfl_up_sync(kAll, p.y, 1);
                    if (lane != 0) before = {beforeX, beforeY};
                    if (i < last) {
                        const unsigned long long key = distanceKey(squaredDistance(p, end), static_cast<unsigned>(i));
                        if (key < best) best = key, bestBefore = before, bestSlot = j;
                    }
                }
            }
        const unsigned long long warpBest = warpMin(best);
        if (lane == __ffs(__ballot_sync(kAll, best == warpBest)) - 1) {
            StepWinner w{best, bestBefore, 0, 0, 0, 0};
            if (best != ULLONG_MAX) {
                const int c = slotContour[bestSlot], from = contourStart[c], to = contourStart[c + 1];
                w.contour = c, w.entry = static_cast<int>(best & 0xffffffffu) - from;
                w.firstSlot = (from >> shift) + c, w.endSlot = w.firstSlot + ((to - from + (1 << shift) - 1) >> shift);
            }
            winners[warp] = w;
        }
        __syncthreads();
        const unsigned long long mine = lane < kWarps ? winners[lane].key : ULLONG_MAX;
        const unsigned long long stepBest = warpMin(mine);
        const StepWinner& w = winners[__ffs(__ballot_sync(kAll, lane < kWarps && mine == stepBest)) - 1];
        end = w.end, firstSlot = w.firstSlot, endSlot = w.endSlot;
        if (tid == 0) order[step] = w.contour, entry[step] = w.entry;
    }
    __syncthreads();  // order[] is written by thread 0
    scanReorderedOffsets<kChunkThreads>(order, contourStart, contours, scanStorage, newOffsets);
}

}  // namespace

int contour_gpu::chunkShiftFor(int pointCap, int contourCap) {
    if (contourCap >= kChunkSlots) return -1;
    int shift = 5;  // chunks of 32 points, a warp's loads; at most 2^20 (slot arithmetic stays within int)
    while (shift < 20 && (pointCap >> shift) + contourCap > kChunkSlots) ++shift;
    return (pointCap >> shift) + contourCap <= kChunkSlots ? shift : -1;
}

void ContourPreprocessorGpuCuda::Impl::orderByChunks(int shift, int* order, int* entry) {
    const int slotCap = (pointCap >> shift) + contourCap;
    orderChunks.reserve(static_cast<std::size_t>(slotCap), "contour order chunks");
    launchKernel("contours: order chunks", chunkSlots, blocksFor(static_cast<std::size_t>(slotCap), kThreads), kThreads,
                 0, stream, points.data(), offsets.data(), counts.data(), shift, orderChunks.data());
    // the contour table and the slot table: at most 2 * kChunkSlots + 1 ints, within the default 48 KiB
    const std::size_t sharedBytes = (static_cast<std::size_t>(contourCap) + 1 + slotCap) * sizeof(int);
    launchKernel("contours: greedy order (chunks)", greedyOrderChunks, 1, kChunkThreads, sharedBytes, stream,
                 points.data(), offsets.data(), counts.data(), orderChunks.data(), shift, contourCap, order, entry,
                 offsetsAlt.data());
}

}  // namespace racelab::fourier
