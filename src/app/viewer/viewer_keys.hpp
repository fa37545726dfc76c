// The viewer's keys (ui/viewer_panel.hpp's kViewerKeysHelp), apart from the window so that a test can press
// them: G / B / 1-9 pick variants, V cycles the views, Space pauses; S, C, R, K (check the user's kernel), F (find
// the race in it) and Esc are handed back to the viewer. view --press N:KEY presses one before frame N, for scripted runs (a variant switch while recording).
#pragma once
#include <string>
#include <vector>

#include "frame/frame_controls.hpp"
#include "scenes/scene.hpp"

namespace racelab {

enum class ViewerKeyAction { None, Quit, Screenshot, ToggleVideo, Reset, CheckKernel, FindRace };

// Every key the viewer reacts to (GLFW_KEY_* codes).
const std::vector<int>& viewerKeys();

// A key pressed by the script of a run (view --press N:KEY): before frame `frame` (0: the first) is drawn.
struct ScriptedKey {
    long frame = 0;
    int key = 0;  // GLFW_KEY_*
};
// "30:B", "0:V", "45:2", "90:space", "120:esc" (letters in either case); a UsageError naming the keys otherwise.
ScriptedKey parseScriptedKey(const std::string& text);

// Applies key `glfwKey` (a GLFW_KEY_* code; ImGui 1.86 indexes keys by them) to `controls`.
ViewerKeyAction applyViewerKey(int glfwKey, FrameControls& controls, const Scene& scene);

}  // namespace racelab
