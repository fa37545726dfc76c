#include "app/viewer/viewer_keys.hpp"

#include <cctype>

#include "frame/race_meter.hpp"
#include "frame/race_view.hpp"
#include "core/errors.hpp"

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
        case GLFW_KEY_C: return ViewerKeyAction::ToggleVideo;
        case GLFW_KEY_R: return ViewerKeyAction::Reset;
        case GLFW_KEY_K: return ViewerKeyAction::CheckKernel;
        case GLFW_KEY_F: return ViewerKeyAction::FindRace;
        default: break;
    }
    return ViewerKeyAction::None;
}

const std::vector<int>& viewerKeys() {
    static const std::vector<int> keys{GLFW_KEY_ESCAPE, GLFW_KEY_G, GLFW_KEY_B, GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3,
                                       GLFW_KEY_4,      GLFW_KEY_5, GLFW_KEY_6, GLFW_KEY_7, GLFW_KEY_8, GLFW_KEY_9,
                                       GLFW_KEY_V,      GLFW_KEY_SPACE, GLFW_KEY_S, GLFW_KEY_C, GLFW_KEY_R, GLFW_KEY_K,
                                       GLFW_KEY_F};
    return keys;
}

ScriptedKey parseScriptedKey(const std::string& text) {
    const auto fail = [&] {
        return UsageError("--press '" + text + "': expected FRAME:KEY, e.g. 30:B, with FRAME >= 0 and KEY one of the "
                          "viewer's keys: G B 1-9 V S C R K F space esc");
    };
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos || colon == 0) throw fail();
    ScriptedKey scripted;
    try {
        std::size_t used = 0;
        scripted.frame = std::stol(text.substr(0, colon), &used);
        if (used != colon || scripted.frame < 0) throw fail();
    } catch (const std::logic_error&) {
        throw fail();
    }
    std::string name = text.substr(colon + 1);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (name == "SPACE") scripted.key = GLFW_KEY_SPACE;
    else if (name == "ESC" || name == "ESCAPE") scripted.key = GLFW_KEY_ESCAPE;
    else if (name.size() == 1 && std::isalnum(static_cast<unsigned char>(name[0]))) scripted.key = name[0];  // GLFW's codes are ASCII
    for (int key : viewerKeys())
        if (key == scripted.key && scripted.key != 0) return scripted;
    throw fail();
}

}  // namespace racelab
