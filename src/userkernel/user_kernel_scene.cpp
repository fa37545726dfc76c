#include "userkernel/user_kernel_scene.hpp"

#include "core/errors.hpp"

namespace racelab::userkernel {

UserKernelScene::UserKernelScene(std::unique_ptr<Scene> inner, std::shared_ptr<UserKernel> kernel)
    : inner_(std::move(inner)), kernel_(std::move(kernel)) {
    variants_ = inner_->variants();
    // Not flagged correct: the views and the race meter compare it with the family's good variant.
    variants_.push_back({kernel_->variantName(), "your kernel: " + kernel_->path(), false});
}

void UserKernelScene::render(const FrameTarget& target, int variant) {
    lastRenderWasKernel_ = variant == kernelVariant();
    notDrawn_.clear();
    if (!lastRenderWasKernel_) {
        inner_->render(target, variant);
        return;
    }
    UserKernelSide* side = inner_->userKernelSide();
    if (side && kernel_->render(*side, target)) return;
    // check, bench, render and frames end with the kernel's message; the viewer draws a placeholder and goes on.
    if (!kernel_->live()) throw Error(kernel_->status().message);  // it names the kernel and what happened
    kernel_->drawPlaceholder(target);
    notDrawn_ = kernel_->placeholderReason();
}

std::optional<ExactRaceCount> UserKernelScene::exactRaceCount(cudaStream_t stream) {
    // The family's exact count reads its own variant's output; the user's kernel has no such count here.
    if (lastRenderWasKernel_) return std::nullopt;
    return inner_->exactRaceCount(stream);
}

std::vector<std::string> UserKernelScene::benchNotes(const BenchFacts& facts, cudaStream_t stream) {
    std::vector<std::string> notes = inner_->benchNotes(facts, stream);
    const UserKernelStatus& s = kernel_->status();
    if (s.frames > 0) {
        char line[256];
        std::snprintf(line, sizeof line, "user kernel %s: compile %.0f ms%s (%s)", kernel_->variantName().c_str(), s.compileMs,
                      s.fromCache ? " (cached: no compile)" : "", kernel_->form().compiledWhere);
        notes.push_back(line);
    }
    return notes;
}

RatioSide UserKernelScene::benchGpuSide(int variant) const {
    if (variant == kernelVariant()) {
        const KernelForm& form = kernel_->form();
        return {"GPU " + kernel_->variantName() + " (" + form.benchName + ")", form.benchGpuSide, 0};
    }
    return inner_->benchGpuSide(variant);
}

std::vector<BenchReference> UserKernelScene::benchReferences(int variant) {
    // The CPU references are the family's; asked for the user's kernel, they are those of its first variant.
    return inner_->benchReferences(variant == kernelVariant() ? 0 : variant);
}

std::unique_ptr<Scene> withUserKernel(std::unique_ptr<Scene> scene, std::shared_ptr<UserKernel> kernel) {
    if (!kernel) return scene;
    if (!scene->userKernelSide())
        throw UsageError(scene->name() + " takes no user kernel (its family declares no kernel contract); --kernel "
                         "needs a scene of the " + kernel->family() + " family");
    return std::make_unique<UserKernelScene>(std::move(scene), std::move(kernel));
}

}  // namespace racelab::userkernel
