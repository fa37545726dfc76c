// What the viewer draws, changed: another scene (the panel, the soak, a dropped file), a kernel file loaded into
// the current scene, another backend (a new presenter and frame loop). A new scene keeps the old one until it has
// drawn a frame, so a scene that fails to start gives way to the one before (Viewer::frameFailed).
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "app/viewer/viewer_window.hpp"

#include "app/viewer/viewer.hpp"
#include "app/viewer/viewer_kernel.hpp"
#include "core/errors.hpp"
#include "userkernel/user_kernel.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace racelab {

void Viewer::rebuildPresenter() {
    loop_.reset();
    presenter_ = makePresenter(prepared_.backend, presentModeFor(options_.present), stream_.get(),
                               window_.framebufferSize().width > 0 ? window_.framebufferSize().width : prepared_.size.width,
                               window_.framebufferSize().height > 0 ? window_.framebufferSize().height : prepared_.size.height);
    loop_ = std::make_unique<FrameLoop>(*prepared_.scene, presenter_.get(), &window_, stream_.get());
    loop_->setFramesInFlight(options_.inFlight);
    loop_->setTap(&video_);
    history_.clear();
    steps_.clear();
    KernelTiming::instance().clear();  // a window of steps never mixes two scenes
}

// Makes `next` the current scene, keeping the old one until `next` has drawn a frame.
void Viewer::switchTo(std::unique_ptr<Scene> next) {
    previousScene_ = std::move(prepared_.scene);
    prepared_.scene = sceneWithKernel(std::move(next), prepared_.kernel);
    raceFinder_.clear(panel_.kernel.races);  // findings are one scene's
    showCurrentScene();
}

// The panel's "load": the file becomes the current scene's kernel, shown at once.
void Viewer::loadKernel(const std::string& path) {
    const WorkloadFamily& family = *findScene(prepared_.scene->name()).family;
    SceneSelection selection = options_.selection;
    selection.kernel = path;
    if (!std::filesystem::is_regular_file(path)) throw UsageError("no kernel file " + path);
    prepared_.kernel = makeUserKernel(selection, family, true);
    previousScene_.reset();
    switchTo(std::move(prepared_.scene));
    controls_.variant = static_cast<int>(prepared_.scene->variants().size()) - 1;
}

// Points the panel, the frame loop and the title at the current scene.
void Viewer::showCurrentScene() {
    for (std::size_t i = 0; i < panel_.sceneNames.size(); ++i)
        if (panel_.sceneNames[i] == prepared_.scene->name()) panel_.sceneIndex = static_cast<int>(i);
    controls_.variant = std::min<int>(controls_.variant, static_cast<int>(prepared_.scene->variants().size()) - 1);
    loop_->setScene(*prepared_.scene);
    glfwSetWindowTitle(window_.handle(), ("racelab - " + prepared_.scene->name()).c_str());
    history_.clear();
    steps_.clear();
    KernelTiming::instance().clear();  // a window of steps never mixes two scenes
}

// A file dropped on the window goes to the first scene that needs an option marked takesDroppedFile.
void Viewer::openDroppedFile() {
    const std::string path = std::exchange(droppedImage_, std::string());
    for (const ExtraOption& option : extraSceneOptions()) {
        if (!option.takesDroppedFile) continue;
        for (const SceneListing& l : listings_) {
            if (l.preset.needs != option.name) continue;
            SceneOptions o;
            o.backend = prepared_.backend;
            o.inputs = options_.selection.inputs;
            o.inputs[option.name] = path;
            switchTo(createScene(l.name, o));
            panel_.statusMessage = "drawing " + path + " in " + l.name;
            return;
        }
    }
    panel_.statusMessage = "no scene takes a dropped file";
}

}  // namespace racelab
