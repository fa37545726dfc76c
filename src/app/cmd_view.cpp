// racelab view: the interactive viewer. Without a display it says so and renders headless instead.
#include <cstdio>

#include "app/commands.hpp"
#include "app/scene_setup.hpp"
#include "app/viewer.hpp"
#include "core/errors.hpp"
#include "core/fault_injection.hpp"
#include "core/image_io.hpp"
#include "present/glfw_window.hpp"

namespace racelab {

PresentMode presentModeFor(const std::string& name) {
    if (const auto mode = presentModeNamed(name)) return *mode;
    throw UsageError("unknown --present '" + name + "' (valid for view: " + kPresentModeNames + ")");
}

int runView(const ViewOptions& options) {
    faultInjection().failInterop = options.simulateInteropFailure;
    // The window recompiles a --kernel on every save; without a display the headless frames wait for its build.
    std::string why = GlfwWindow::displayUnavailableReason();
    PreparedScene prepared = prepareScene(options.selection, "1280x720", why.empty());
    presentModeFor(options.present);
    if (options.frames < 0) throw UsageError("--frames must be >= 0");
    if (!options.screenshot.empty()) requireWritable(options.screenshot);
    if (!why.empty()) return runHeadlessInstead(options, prepared, why);
    if (!prepared.backendNote.empty()) std::fprintf(stderr, "racelab view: %s\n", prepared.backendNote.c_str());
    return runViewerWindow(options, prepared);
}

}  // namespace racelab
