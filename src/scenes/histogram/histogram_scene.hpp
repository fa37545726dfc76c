// The histogram workload as a Scene: N integer inputs (generated from a hash, or an image's luminance)
// counted into B bins every frame on the GPU by one of three kernels, drawn as bars next to the CPU
// reference's. The inputs and the reference are made once per regenerate; each frame zeroes the bins and
// counts again, so the racy variant's lost updates show as bars that flicker from frame to frame.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/device_mirror.hpp"
#include "scenes/histogram/histogram_formulas.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"

namespace racelab::histogram {

class HistogramGpu;

class HistogramScene final : public Scene, public UserKernelSide {
public:
    HistogramScene(const std::string& preset, const SceneOptions& options);
    ~HistogramScene() override;

    std::string name() const override { return "histogram/" + preset_; }
    const std::vector<VariantInfo>& variants() const override;
    void regenerate() override;
    void setBackend(Backend backend) override { backend_ = backend; }
    Backend backend() const override { return backend_; }
    bool animated() const override { return false; }  // the inputs stay; only a racy count changes
    void advance(double, cudaStream_t) override {}
    void reset() override {}
    void render(const FrameTarget& target, int variant) override;
    void renderReference(HostImage& image, bool parallel) override;
    void syncStateToHost(cudaStream_t) override {}  // nothing moves: the host already has the inputs
    CheckRule checkRule() const override;
    std::string statsLine() const override;
    std::optional<ExactRaceCount> exactRaceCount(cudaStream_t stream) override;
    RatioSide benchGpuSide(int variant) const override;
    std::vector<BenchReference> benchReferences(int variant) override;
    std::vector<std::string> benchNotes(const BenchFacts& facts, cudaStream_t stream) override;

    // A user's kernel (histogram_kernel_side.cpp; the contract: kernel_contract.cuh).
    UserKernelSide* userKernelSide() override { return this; }
    KernelFrame userKernelFrame(const FrameTarget& target) override;
    void prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) override;
    void drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) override;

    int bins() const { return bins_; }
    const std::vector<std::uint32_t>& inputs() const { return inputs_; }
    const std::vector<std::uint32_t>& referenceBins() const { return referenceBins_; }
    // The GPU's inputs and the bins of its last render, copied back; for tests.
    std::vector<std::uint32_t> deviceInputs(cudaStream_t stream);
    std::vector<std::uint32_t> deviceBins(cudaStream_t stream);

private:
    void ensureDeviceInputs(cudaStream_t stream);  // makes the GPU half, then its inputs and reference

    std::string preset_;
    std::string imagePath_;  // the image preset's --image
    int count_;              // inputs of the generated presets
    Backend backend_;
    int bins_ = 256;
    std::vector<std::uint32_t> inputs_;         // one bin index per input
    std::vector<std::uint32_t> referenceBins_;  // the exact histogram of inputs_
    long long largestReference_ = 0;            // its largest bin
    DeviceMirror<> onDevice_;                   // the GPU's inputs and its copy of the reference
    std::unique_ptr<HistogramGpu> gpu_;
    bool rendered_ = false;
    std::optional<long long> lastLost_;  // of the last render whose race count was asked for
};

}  // namespace racelab::histogram
