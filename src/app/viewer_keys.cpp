#include "app/viewer_keys.hpp"

#include "app/race_meter.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace racelab {
namespace {

// Picks variant `index`; a racy one also becomes the racy side of the views.
void chooseVariant(int index, FrameControls& controls, const Scene& scene) {
    const auto& variants = scene.variants();
    if (index < 0 || index >= static_cast<int>(variants.size())) return;
    controls.variant = index;
    if (!variants[static_cast<std::size_t>(index)].correct) controls.racyVariant = index;
}

// The first racy variant after the chosen one (B again: the next racy one).
void chooseNextRacy(FrameControls& controls, const Scene& scene) {
    const int count = static_cast<int>(scene.variants().size());
    for (int step = 1; step <= count; ++step) {
        const int i = (controls.variant + step) % count;
        if (!scene.variants()[static_cast<std::size_t>(i)].correct) return chooseVariant(i, controls, scene);
    }
}

}  // namespace

ViewerKeyAction applyViewerKey(int key, FrameControls& controls, const Scene& scene) {
    if (key >= GLFW_KEY_1 && key <= GLFW_KEY_9) chooseVariant(key - GLFW_KEY_1, controls, scene);
    switch (key) {
        case GLFW_KEY_ESCAPE: return ViewerKeyAction::Quit;
        case GLFW_KEY_G: chooseVariant(comparedVariants(scene, 0, -1).good, controls, scene); break;
        case GLFW_KEY_B: chooseNextRacy(controls, scene); break;
        case GLFW_KEY_V: controls.view = nextRaceView(controls.view); break;
        case GLFW_KEY_SPACE: controls.paused = !controls.paused; break;
        case GLFW_KEY_S: return ViewerKeyAction::Screenshot;
        case GLFW_KEY_R: return ViewerKeyAction::Reset;
        default: break;
    }
    return ViewerKeyAction::None;
}

}  // namespace racelab
