#include "app/viewer/viewer_kernel.hpp"

#include <cstdio>
#include <sstream>

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
    if (!kernel) return;
    kernel->poll();
    // view --races: the racing lines of the last frame, said when they change (a save that fixes a race, a
    // scene that shows a new one), not every frame.
    const auto& accesses = kernel->status().accesses;
    if (!accesses) return;
    std::string findings;
    if (!accesses->races.empty()) {
        std::istringstream text(kernel->accessFindingsText(*accesses));
        for (std::string line; std::getline(text, line);) {  // the lines and kinds, not this frame's examples and counts
            if (line.rfind("    e.g.", 0) == 0 || line.rfind("shadow memory", 0) == 0) continue;
            if (line.find(" race ") != std::string::npos) line = line.substr(0, line.find(", ")) + ":";
            findings += line + "\n";
        }
    }
    if (findings == state.raceFindings) return;
    state.raceFindings = findings;
    std::fprintf(stderr, "%s: %s\n", kernel->variantName().c_str(), findings.empty() ? "races: none in this frame" : findings.c_str());
}

KernelCheckResult checkKernelOnScreen(Scene& scene, Size2 size, FrameControls& controls) {
    const int variant = static_cast<int>(scene.variants().size()) - 1;
    const KernelCheckResult result = checkKernelHere(scene, variant, size);
    std::fputs(result.text.c_str(), stdout);
    controls.variant = variant;
    if (result.race) controls.view = RaceView::Heat;
    else if (result.wrong) controls.view = RaceView::Diff;
    return result;
}

void checkKernelInViewer(Scene& scene, const HostImage& shown, KernelPanelState& state, FrameControls& controls) {
    const KernelCheckResult result = checkKernelOnScreen(scene, {shown.width, shown.height}, controls);
    state.checkReport = result.text;
    state.checkPassed = result.pass;
}

void printSoakKernelSummary(const userkernel::UserKernel& kernel) {
    const userkernel::UserKernelStatus& k = kernel.status();
    std::printf("soak: user kernel %s: %d builds (compiled or from the cache), %lld frames drawn, %lld frames it did not finish "
                "(each survived: the viewer went on), now %s\n",
                kernel.variantName().c_str(), k.builds, k.frames, k.failedFrames, userkernel::kernelStateName(k.state));
}

}  // namespace racelab
