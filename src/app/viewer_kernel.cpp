#include "app/viewer_kernel.hpp"

#include <cstdio>

#include "frame/frame_judgement.hpp"
#include "scenes/scene_registry.hpp"
#include "userkernel/user_kernel.hpp"
#include "userkernel/user_kernel_scene.hpp"

namespace racelab {

std::unique_ptr<Scene> sceneWithKernel(std::unique_ptr<Scene> scene, const std::shared_ptr<userkernel::UserKernel>& kernel) {
    if (auto* wrapped = dynamic_cast<userkernel::UserKernelScene*>(scene.get())) scene = wrapped->releaseInner();
    if (!kernel || findScene(scene->name()).family->name != kernel->family()) return scene;
    return userkernel::withUserKernel(std::move(scene), kernel);
}

void refreshKernelPanel(KernelPanelState& state, const Scene& scene, userkernel::UserKernel* kernel) {
    const WorkloadFamily& family = *findScene(scene.name()).family;
    state.kernel = kernel;
    state.sceneFamily = family.name;
    state.familyTakesKernel = family.kernelContract.has_value();
    if (kernel) kernel->poll();
}

void checkKernelInViewer(Scene& scene, const HostImage& shown, KernelPanelState& state, FrameControls& controls) {
    const int variant = static_cast<int>(scene.variants().size()) - 1;
    const KernelCheckResult result = checkKernelHere(scene, variant, {shown.width, shown.height});
    state.checkReport = result.text;
    state.checkPassed = result.pass;
    std::fputs(result.text.c_str(), stdout);
    controls.variant = variant;
    if (result.race) controls.view = RaceView::Heat;
    else if (result.wrong) controls.view = RaceView::Diff;
}

}  // namespace racelab
