// Private to the contour preprocessing on the GPU (kernels/fourier/contour_*.cu): the layout every stage
// works on, the limits the stages share and the distance keys the merge and the order reduce over.
//
// Contours live flattened on the device: points[], contourOf[] (the contour of each point, non-decreasing),
// offsets[] (where each contour starts, plus the total at the end) and counts[] = {points, contours}. The
// counts stay on the device between steps, so no step waits for the one before: the host keeps only upper
// bounds of them (exact after an upload or a merge, which reads them back anyway) and sizes its launches by
// those; every kernel reads the real counts and lets the threads past them idle. A stage that removes points
// flags them and compacts (contour_select.cu); the host waits only in download, in the merge (its grouping
// is planned on the host) and where a caller asks for the counts.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/device_buffer.hpp"
#include "core/errors.hpp"
#include "fourier/contour_merge_plan.cuh"
#include "fourier/contour_preprocess_gpu.cuh"

namespace racelab::fourier {
namespace contour_gpu {

inline constexpr int kThreads = 256;
inline constexpr int kMaxContours = 65536;  // the order step's used-set lives in shared memory as bits

// The greedy order over chunks (contour_order_chunks.cu): one block, each thread keeping this many chunk slots
// in registers. A chunk is S = 32 << k consecutive points of one contour; its box and middle point bound
// the distance of any of its points.
inline constexpr int kChunkThreads = 512;
inline constexpr int kChunkSlotsPerThread = 8;
inline constexpr int kChunkSlots = kChunkThreads * kChunkSlotsPerThread;
struct alignas(16) OrderChunk {
    Box box;
    Point middle;
    int contour;  // -1: a slot between two contours' chunks
    int unused;
};
// log2 S for the chunked order, the least that gives every chunk a slot (at most pointCap / S + contourCap
// slots), or -1 where even a chunk per contour does not fit: the order then runs per contour.
int chunkShiftFor(int pointCap, int contourCap);

// Squared distances are non-negative, so their bit patterns order like the floats; the low half breaks ties.
__device__ __forceinline__ unsigned long long distanceKey(float d2, unsigned low) {
    return (static_cast<unsigned long long>(__float_as_uint(d2)) << 32) | low;
}

// Page-locked host memory for the one upload and the read-backs: copies from it are truly asynchronous and
// run at full speed. An upload area is reused only once the copy that last read it is done (the event).
class PinnedArea {
public:
    PinnedArea() = default;
    ~PinnedArea();
    PinnedArea(const PinnedArea&) = delete;
    PinnedArea& operator=(const PinnedArea&) = delete;
    // At least `bytes`, after the copy last recorded with copied() has finished (contents are not kept).
    void* reserve(std::size_t bytes, cudaStream_t stream);
    // The copies queued on `stream` so far read or write this area.
    void copied(cudaStream_t stream);

private:
    void* data_ = nullptr;
    std::size_t bytes_ = 0;
    cudaEvent_t done_ = nullptr;
    bool pending_ = false;
};

}  // namespace contour_gpu

struct ContourPreprocessorGpuCuda::Impl {
    cudaStream_t stream;
    // Upper bounds of what the device holds (exact after upload and merge): launches are sized by them.
    int pointCap = 0, contourCap = 0, longestCap = 0;
    DeviceBuffer<Point> points, pointsAlt;
    DeviceBuffer<int> contourOf, contourOfAlt, offsets, offsetsAlt, counts, countsAlt;
    DeviceBuffer<int> keep, keptUpTo, contourMap, jumps, orderSteps, planInts;
    DeviceBuffer<std::uint8_t> temp;
    DeviceBuffer<BrushStroke> strokes;
    DeviceBuffer<Box> boxes;
    DeviceBuffer<unsigned> pairBits, listed, arrived;
    DeviceBuffer<contour_gpu::PairWord> pairList;
    DeviceBuffer<contour_gpu::OrderChunk> orderChunks;
    DeviceBuffer<Point> mergeScratch;
    DeviceBuffer<unsigned long long> keys;
    contour_gpu::PinnedArea uploadArea, planArea, downloadArea;

    // merge keeps a bit per contour pair and order a bit per contour in shared memory: both are bounded.
    void requireContourLimit(const char* step);
    // Reads the counts back (a host wait) and makes the bounds exact.
    void refreshCaps();  // contour_preprocess_gpu.cu
    // Keeps the points whose keep[] flag is set (the flags cover pointCap points, 0 past the count), in
    // order: new points, contour numbers, offsets and counts, contours left empty dropped. contour_select.cu.
    void compactKept();
    // contourOf[] from offsets[] (contourCap blocks, those past the count idle). contour_preprocess_gpu.cu.
    void labelContours();
    // The alternate buffers big enough for the bounds.
    void reserveAlternates();
    // The greedy order over chunks of 32 << shift points: order[], entry[] and the new offsets (into
    // offsetsAlt). contour_order_chunks.cu.
    void orderByChunks(int shift, int* order, int* entry);
};

}  // namespace racelab::fourier
