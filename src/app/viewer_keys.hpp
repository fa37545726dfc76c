// The viewer's keys (ui/viewer_panel.hpp's kViewerKeysHelp), apart from the window so that a test can press
// them: G / B / 1-9 pick variants, V cycles the views, Space pauses; S, R and Esc are handed back to the viewer.
#pragma once
#include "app/frame_loop.hpp"
#include "scenes/scene.hpp"

namespace racelab {

enum class ViewerKeyAction { None, Quit, Screenshot, Reset };

// Applies key `glfwKey` (a GLFW_KEY_* code; ImGui 1.86 indexes keys by them) to `controls`.
ViewerKeyAction applyViewerKey(int glfwKey, FrameControls& controls, const Scene& scene);

}  // namespace racelab
