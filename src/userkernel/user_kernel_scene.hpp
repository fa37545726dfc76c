// A scene with the user's kernel as one more variant: it wraps the family's own scene, lists the kernel
// (named after its file) after the built-in variants, renders that variant through the UserKernel and
// everything else through the wrapped scene. So the frame loop, the race meter and views, bench, check,
// render and frames see a variant like any other, and know nothing of NVRTC or workers.
#pragma once
#include <memory>
#include <utility>

#include "scenes/scene.hpp"
#include "userkernel/user_kernel.hpp"

namespace racelab::userkernel {

class UserKernelScene final : public Scene {
public:
    UserKernelScene(std::unique_ptr<Scene> inner, std::shared_ptr<UserKernel> kernel);

    Scene& inner() { return *inner_; }
    std::unique_ptr<Scene> releaseInner() { return std::move(inner_); }  // the wrapper is unusable after
    UserKernel& kernel() { return *kernel_; }
    const std::shared_ptr<UserKernel>& sharedKernel() const { return kernel_; }
    // Draws the kernel's variant with `kernel` (the same file, e.g. an instrumented build of it) until it is
    // exchanged back; returns the kernel it replaces.
    std::shared_ptr<UserKernel> exchangeKernel(std::shared_ptr<UserKernel> kernel) { return std::exchange(kernel_, std::move(kernel)); }
    int kernelVariant() const { return static_cast<int>(inner_->variants().size()); }

    std::string name() const override { return inner_->name(); }
    const std::vector<VariantInfo>& variants() const override { return variants_; }
    ParameterSet& parameters() override { return inner_->parameters(); }
    const ParameterSet& parameters() const override { return inner_->parameters(); }
    void setParameter(const std::string& name, const std::string& value) override { inner_->setParameter(name, value); }
    void regenerate() override { inner_->regenerate(); }
    void setBackend(Backend backend) override { inner_->setBackend(backend); }
    Backend backend() const override { return inner_->backend(); }
    bool animated() const override { return inner_->animated(); }
    void advance(double dt, cudaStream_t stream) override { inner_->advance(dt, stream); }
    void reset() override { inner_->reset(); }
    void render(const FrameTarget& target, int variant) override;
    void renderReference(HostImage& image, bool parallel) override { inner_->renderReference(image, parallel); }
    void syncStateToHost(cudaStream_t stream) override { inner_->syncStateToHost(stream); }
    CheckRule checkRule() const override { return inner_->checkRule(); }
    std::string statsLine() const override { return inner_->statsLine(); }
    std::optional<ExactRaceCount> exactRaceCount(cudaStream_t stream) override;
    std::string lastRenderNotDrawn() const override { return notDrawn_; }
    void handleInput(const PointerInput& input) override { inner_->handleInput(input); }
    const std::vector<std::uint8_t>* referenceAmbiguity() const override { return inner_->referenceAmbiguity(); }
    std::vector<std::string> benchNotes(const BenchFacts& facts, cudaStream_t stream) override;
    RatioSide benchGpuSide(int variant) const override;
    std::vector<BenchReference> benchReferences(int variant) override;
    UserKernelSide* userKernelSide() override { return inner_->userKernelSide(); }

private:
    std::unique_ptr<Scene> inner_;
    std::shared_ptr<UserKernel> kernel_;
    std::vector<VariantInfo> variants_;
    bool lastRenderWasKernel_ = false;
    std::string notDrawn_;  // lastRenderNotDrawn
};

// Wraps `scene` when a kernel is given and the scene's family has a contract; a UsageError otherwise.
std::unique_ptr<Scene> withUserKernel(std::unique_ptr<Scene> scene, std::shared_ptr<UserKernel> kernel);

}  // namespace racelab::userkernel
