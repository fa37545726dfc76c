// The circle workload as a Scene: a CS149 scene (generated on the host), its GPU renderer in three
// variants, and the CPU reference. Animated scenes advance on the GPU for the cuda backend and on the
// host for the cpu backend, with the same formulas (circle_formulas.hpp).
#pragma once
#include <memory>
#include <string>

#include "core/device_mirror.hpp"
#include "scenes/circles/circle_set.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_options.hpp"

namespace racelab::circles {

class CircleGpu;

class CircleScene final : public Scene, public UserKernelSide {
public:
    CircleScene(const std::string& preset, const SceneOptions& options);
    ~CircleScene() override;

    std::string name() const override { return "circles/" + preset_; }
    const std::vector<VariantInfo>& variants() const override;
    void regenerate() override;
    void setBackend(Backend backend) override;
    Backend backend() const override { return backend_; }
    bool animated() const override { return set_.animation != Animation::None; }
    void advance(double dt, cudaStream_t stream) override;
    void reset() override { regenerate(); }
    void render(const FrameTarget& target, int variant) override;
    void renderReference(HostImage& image, bool parallel) override;
    RatioSide benchGpuSide(int variant) const override;
    std::vector<BenchReference> benchReferences(int variant) override;
    void syncStateToHost(cudaStream_t stream) override;
    CheckRule checkRule() const override;
    std::string statsLine() const override;

    const CircleSet& circles() const { return set_; }

    // A user's kernel (circle_kernel_side.cpp; the contract: kernel_contract.cuh).
    UserKernelSide* userKernelSide() override { return this; }
    KernelFrame userKernelFrame(const FrameTarget& target) override;
    void prepareUserKernelOutputs(void* const* outputs, const FrameTarget& target) override;
    void drawUserKernelOutputs(const void* const* outputs, const FrameTarget& target) override;

private:
    void uploadIfStale(cudaStream_t stream);  // makes the GPU half; the host set changed (regenerate, cpu steps): copy it over

    std::string preset_;
    Parameter& seed_;
    Parameter& count_;  // hidden for the scenes of a fixed size
    bool countAdjustable_ = false;  // the random scenes: generated with count_
    Backend backend_ = Backend::Cuda;
    CircleSet set_;
    // For whole-file solutions, which animate their own copy (WholeFileScene): advance() calls since the
    // scene was made (counting the course's first step, taken by regenerate), and which making this is.
    long long steps_ = 0;
    long long generation_ = 0;
    DeviceMirror<> device_;  // device copy matches set_ (stale after regenerate or cpu-side steps)
    std::unique_ptr<CircleGpu> gpu_;
};

}  // namespace racelab::circles
