// Private to the contour preprocessing on the GPU (kernels/fourier/contour_*.cu): the layout every stage
// works on, the limits the stages share and the distance keys the merge and the order reduce over.
//
// Contours live flattened: points[], contourOf[] (the contour of each point, non-decreasing) and offsets[]
// (where each contour starts, plus the total at the end; a host copy is kept, since every stage plans its
// launches from the contour sizes). A stage that removes points flags them and compacts (contour_select.cu);
// a stage that rebuilds the contours hands the new offsets to takeOffsets (contour_preprocess_gpu.cu).
#pragma once
#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "core/device_buffer.hpp"
#include "core/errors.hpp"
#include "fourier/contour_preprocess_gpu.cuh"

namespace racelab::fourier {
namespace contour_gpu {

inline constexpr int kThreads = 256;
inline constexpr int kMaxContours = 65536;  // the order step's used-set lives in shared memory as bits

// Squared distances are non-negative, so their bit patterns order like the floats; the low half breaks ties.
__device__ __forceinline__ unsigned long long distanceKey(float d2, unsigned low) {
    return (static_cast<unsigned long long>(__float_as_uint(d2)) << 32) | low;
}

}  // namespace contour_gpu

struct ContourPreprocessorGpuCuda::Impl {
    cudaStream_t stream;
    int n = 0;                          // points
    std::vector<int> offsets;           // host copy: contours = offsets.size() - 1
    DeviceBuffer<Point> points, pointsAlt;
    DeviceBuffer<int> contourOf, contourOfAlt, deviceOffsets, scratchInts;
    DeviceBuffer<unsigned char> flags, temp;
    DeviceBuffer<int> selectedCount;

    int contours() const { return static_cast<int>(offsets.size()) - 1; }

    // merge keeps a bit per contour pair and order a bit per contour in shared memory: both are bounded.
    void requireContourLimit(const char* step) const {
        if (contours() > contour_gpu::kMaxContours)
            throw UsageError(std::string("the GPU ") + step + " handles at most " +
                             std::to_string(contour_gpu::kMaxContours) + " contours, got " +
                             std::to_string(contours()) + "; raise min size");
    }

    void ensureTemp(std::size_t bytes) { temp.reserve(std::max<std::size_t>(bytes, 1), "CUB temporary storage"); }

    // Dense contour numbers and offsets after points were removed (contours may have vanished).
    void relabel();  // contour_select.cu
    // Keeps the points whose flag is set, in order, then relabels.
    void compact();  // contour_select.cu
    // New contours given by their offsets over the current points: numbers them point by point.
    void takeOffsets(const std::vector<int>& hostOffsets);  // contour_preprocess_gpu.cu
};

}  // namespace racelab::fourier
