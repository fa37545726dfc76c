// Host-callable side of kernels/fourier/contour_*.cu: the contour preprocessing on the GPU, the CUDA
// implementation of ContourPreprocessorGpu (scenes/fourier/contour_preprocess_gpu.hpp), one call per step,
// each equal point for point to its CPU reference in scenes/fourier/contour_preprocess.hpp (same unfused
// float arithmetic, same tie-breaking), so the two can be compared step by step.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "scenes/fourier/contour_preprocess_gpu.hpp"

namespace racelab::fourier {

class ContourPreprocessorGpuCuda final : public ContourPreprocessorGpu {
public:
    explicit ContourPreprocessorGpuCuda(cudaStream_t stream = nullptr);
    ~ContourPreprocessorGpuCuda() override;
    ContourPreprocessorGpuCuda(const ContourPreprocessorGpuCuda&) = delete;
    ContourPreprocessorGpuCuda& operator=(const ContourPreprocessorGpuCuda&) = delete;

    void setStream(cudaStream_t stream) override;

    void upload(const std::vector<Contour>& contours) override;
    std::vector<Contour> download() const override;

    void removeBrushed(const std::vector<BrushStroke>& strokes) override;
    void dropSmall(int minSize) override;
    void removeDuplicates(float distance) override;
    void mergeClose(float distance) override;
    void orderGreedy() override;

    std::vector<Contour> run(const std::vector<Contour>& contours, const std::vector<BrushStroke>& strokes,
                             const PreprocessSettings& settings) override;

    std::size_t contourCount() const override;
    std::size_t pointCount() const override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::fourier
