// The viewer window (GLFW + ImGui over the frame loop) and, where no display exists, the same scene
// rendered headless. runView (cmd_view.cpp) picks one.
#pragma once
#include <string>

#include "app/commands.hpp"
#include "app/scene_setup.hpp"
#include "present/presenter.hpp"

namespace racelab {

PresentMode presentModeFor(const std::string& name);  // --present of view; throws UsageError
int runViewerWindow(const ViewOptions& options, PreparedScene& prepared);
// No display: the frame loop on an EGL device context (or without GL), the last frame saved as PNG.
int runHeadlessInstead(const ViewOptions& options, PreparedScene& prepared, const std::string& why);

}  // namespace racelab
