// The fourier scenes' GPU half that preprocesses the contours, as the scene sees it: plain C++, implemented
// in CUDA by ContourPreprocessorGpuCuda (kernels/fourier/contour_preprocess_gpu.cuh) and made with
// makeGpuHalf<ContourPreprocessorGpu>("fourier_contours"), which throws in a build without CUDA. One call per
// step, each equal point for point to its CPU reference in contour_preprocess.hpp (same unfused float
// arithmetic, same tie-breaking), so the two can be compared step by step.
#pragma once
#include <cstddef>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/gpu_half.hpp"
#include "scenes/fourier/contour.hpp"
#include "scenes/fourier/contour_preprocess.hpp"

namespace racelab::fourier {

class ContourPreprocessorGpu : public GpuHalf {
public:
    // The stream every step runs on (the factory makes the object with none: the default stream).
    virtual void setStream(cudaStream_t stream) = 0;

    virtual void upload(const std::vector<Contour>& contours) = 0;
    virtual std::vector<Contour> download() const = 0;

    // The steps, in the course project's order. Each leaves the result on the device.
    virtual void removeBrushed(const std::vector<BrushStroke>& strokes) = 0;  // flag + CUB scan + compaction
    virtual void dropSmall(int minSize) = 0;                                   // flag + CUB scan + compaction
    virtual void removeDuplicates(float distance) = 0;                         // greedy chain by pointer jumping
    virtual void mergeClose(float distance) = 0;                               // tiled all-pairs + batched splices
    virtual void orderGreedy() = 0;                                            // one block, over contour chunks

    virtual std::vector<Contour> run(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes,
                                     const PreprocessSettings& settings) = 0;

    virtual std::size_t contourCount() const = 0;
    virtual std::size_t pointCount() const = 0;
};

}  // namespace racelab::fourier
