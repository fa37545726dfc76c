// The planes workload as a Scene: N planes of anti-aliased circles generated on the GPU (or by the CPU
// reference for the cpu backend), composited every frame while each plane scrolls with its own parallax
// velocity; good and bad (racy) compositing variants.
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "core/device_mirror.hpp"
#include "scenes/planes/plane_formulas.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"

namespace racelab::planes {

class PlaneGpu;

class PlaneScene final : public Scene, public UserKernelSide {
public:
    PlaneScene(const std::string& preset, const SceneOptions& options);
    ~PlaneScene() override;

    std::string name() const override { return "planes/" + preset_; }
    const std::vector<VariantInfo>& variants() const override;
    void regenerate() override;
    void setBackend(Backend backend) override { backend_ = backend; }
    Backend backend() const override { return backend_; }
    bool animated() const override { return speed_.asFloat() > 0.f; }
    void advance(double, cudaStream_t) override { ++frame_; }
    void reset() override { frame_ = 0; }
    void render(const FrameTarget& target, int variant) override;
    void renderReference(HostImage& image, bool parallel) override;
    RatioSide benchGpuSide(int variant) const override;
    std::vector<BenchReference> benchReferences(int variant) override;
    void syncStateToHost(cudaStream_t) override {}  // the only state is the frame number
    CheckRule checkRule() const override;
    std::string statsLine() const override;
    std::vector<std::string> benchNotes(const BenchFacts& facts, cudaStream_t stream) override;

    // A user's kernel (plane_kernel_side.cpp; the contract: kernel_contract.cuh).
    UserKernelSide* userKernelSide() override { return this; }
    KernelFrame userKernelFrame(const FrameTarget& target) override;
    void prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) override;
    void drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) override;

    // The settings the parameters describe now (radius max raised to radius min).
    PlaneSettings settings() const;
    // The CPU-generated planes for a size (generated on first use); for tests.
    const std::vector<std::uint8_t>& hostPlanes(int width, int height);
    // The GPU-generated planes, copied back; for tests.
    std::vector<std::uint8_t> devicePlanes(int width, int height, cudaStream_t stream);

private:
    void ensureDevicePlanes(int width, int height, cudaStream_t stream);  // makes the GPU half, then the planes
    // Blend mode, alpha and speed change the composite only, not the planes: read them every frame.
    void refreshLiveSettings();

    std::string preset_;
    Parameter &blend_, &alpha_, &speed_;  // read live: they change the composite, not the planes
    PlaneSettings settings_;  // as of the last regenerate(); blend, alpha and speed refreshed every frame
    Backend backend_;
    long frame_ = 0;
    std::vector<std::uint8_t> hostPlanes_;
    int hostWidth_ = 0, hostHeight_ = 0;
    DeviceMirror<std::pair<int, int>> planesOnDevice_;  // the GPU planes, keyed by the size they were made for
    double lastGenerationMs_ = 0;
    std::unique_ptr<PlaneGpu> gpu_;
};

}  // namespace racelab::planes
