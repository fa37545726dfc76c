// Host-callable side of kernels/fourier/contour_*.cu: the contour preprocessing on the GPU, one call per
// step, each equal point for point to its CPU reference in scenes/fourier/contour_preprocess.hpp (same
// unfused float arithmetic, same tie-breaking), so the two can be compared step by step.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "core/frame_target.hpp"
#include "scenes/fourier/contour.hpp"
#include "scenes/fourier/contour_preprocess.hpp"

namespace racelab::fourier {

class ContourPreprocessorGpu {
public:
    explicit ContourPreprocessorGpu(cudaStream_t stream);
    ~ContourPreprocessorGpu();
    ContourPreprocessorGpu(const ContourPreprocessorGpu&) = delete;
    ContourPreprocessorGpu& operator=(const ContourPreprocessorGpu&) = delete;

    void upload(const std::vector<Contour>& contours);
    std::vector<Contour> download() const;

    // The steps, in the course project's order. Each leaves the result on the device.
    void removeBrushed(const std::vector<BrushStroke>& strokes);  // flag + CUB select
    void dropSmall(int minSize);                                   // flag + CUB select
    void removeDuplicates(float distance);                         // greedy chain by pointer jumping
    void mergeClose(float distance);                               // tiled all-pairs + batched splices
    void orderGreedy();                                            // one block walks the greedy order

    std::vector<Contour> run(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes,
                             const PreprocessSettings& settings);

    std::size_t contourCount() const;
    std::size_t pointCount() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::fourier
