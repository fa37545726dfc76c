// The user's kernel in the viewer: which scenes take it as a variant, what the panel shows of it, and what the
// check button leaves on screen.
#pragma once
#include <memory>

#include "core/host_image.hpp"
#include "frame/frame_controls.hpp"
#include "frame/frame_judgement.hpp"
#include "scenes/scene.hpp"
#include "ui/kernel_panel.hpp"

namespace racelab {

namespace userkernel {
class UserKernel;
}

// A scene of the kernel's family gets the kernel as its last variant; other families' scenes (and every scene
// when `kernel` is null) come back as they are, unwrapped from an earlier kernel.
std::unique_ptr<Scene> sceneWithKernel(std::unique_ptr<Scene> scene, const std::shared_ptr<userkernel::UserKernel>& kernel);

// The panel's section for `scene` (and `kernel`, null when none is loaded); polls the kernel so that a save
// shows even while another variant is drawn.
void refreshKernelPanel(KernelPanelState& state, const Scene& scene, userkernel::UserKernel* kernel);

// Check: the kernel (the scene's last variant) on the frame at `size` against the reference and against
// itself; the report goes to the terminal, and the view that shows what was found (heat for a race, diff for a
// bug) comes up with the kernel as the variant shown. The viewer's button and serve's page both use it.
KernelCheckResult checkKernelOnScreen(Scene& scene, Size2 size, FrameControls& controls);

// The check button: the kernel (the scene's last variant) on the frame `shown` against the reference and
// against itself; the report goes to the panel and the terminal, and the view that shows what was found
// (heat for a race, diff for a bug) comes up with the kernel as the variant shown.
void checkKernelInViewer(Scene& scene, const HostImage& shown, KernelPanelState& state, FrameControls& controls);

// The soak's last line about the user's kernel: its builds, frames drawn and frames it did not finish.
void printSoakKernelSummary(const userkernel::UserKernel& kernel);

}  // namespace racelab
