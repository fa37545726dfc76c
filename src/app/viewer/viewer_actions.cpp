// The viewer's answers to what the user asked for: keys pressed (and those view --press scripts), the pointer
// handed to the scene, and the panel's buttons, each applied after the frame that drew them.
#include <cstdio>
#include <string>

#include "app/viewer/viewer_window.hpp"

#include "app/viewer/viewer_kernel.hpp"
#include "core/errors.hpp"
#include "userkernel/user_kernel.hpp"

#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace racelab {

// Keys (kViewerKeysHelp; ImGui 1.86 indexes keys by their GLFW codes) and the pointer
// (app/viewer/viewer_pointer.hpp); R goes to the scene too (the mesh scene resets its camera).
void Viewer::handleKeys(int left, long shown) {
    PointerInput input = pointer_.read(controls_, left, presenter_->width(), window_.framebufferSize().height);
    if (!ImGui::GetIO().WantCaptureKeyboard)
        for (int key : viewerKeys())
            if (ImGui::IsKeyPressed(key, false)) pressKey(key, input);
    for (const ScriptedKey& scripted : scriptedKeys_)
        if (scripted.frame == shown) pressKey(scripted.key, input);
    prepared_.scene->handleInput(input);
}

void Viewer::pressKey(int key, PointerInput& input) {
    switch (applyViewerKey(key, controls_, *prepared_.scene)) {
        case ViewerKeyAction::Quit: glfwSetWindowShouldClose(window_.handle(), 1); break;
        case ViewerKeyAction::Screenshot: requestScreenshot(); break;
        case ViewerKeyAction::ToggleVideo: toggleVideo(); break;
        case ViewerKeyAction::CheckKernel:
            if (prepared_.kernel) checkKernel();
            break;
        case ViewerKeyAction::FindRace: findRace(); break;
        case ViewerKeyAction::Reset:  // camera, trail and animation back to the start
            input.reset = true;  // the scene's own reset (mesh: camera; fourier: strokes)
            prepared_.scene->reset();
            loop_->setScene(*prepared_.scene);
            break;
        case ViewerKeyAction::None: break;
    }
}

void Viewer::apply(const ViewerPanelActions& a) {
    try {
        if (a.sceneChanged) {
            SceneOptions o;
            o.seed = options_.selection.seed;
            o.backend = prepared_.backend;
            o.inputs = options_.selection.inputs;  // e.g. --image: a scene picked later still gets it
            switchTo(createScene(panel_.sceneNames[static_cast<std::size_t>(panel_.sceneIndex)], o));
        }
        if (!droppedImage_.empty()) openDroppedFile();
        if (a.regenerate) {
            prepared_.scene->regenerate();
            loop_->setScene(*prepared_.scene);
        }
        if (a.backendChanged) {
            prepared_.backend = panel_.backendIndex == 0 ? Backend::Cuda : Backend::Cpu;
            prepared_.scene->setBackend(prepared_.backend);
            rebuildPresenter();
        }
        if (a.vsyncChanged) window_.setVsync(panel_.vsync);
        if (a.kernel.load) loadKernel(panel_.kernel.path);
        if (a.kernel.recompile && prepared_.kernel) prepared_.kernel->recompile();
        if (a.kernel.check && prepared_.kernel) checkKernel();
        if (a.kernel.races.find) findRace();
        if (a.kernel.races.clear) raceFinder_.clear(panel_.kernel.races);
        if (a.screenshot) requestScreenshot();
        if (a.toggleVideo) toggleVideo();
        if (a.toggleRecording) {
            panel_.statusMessage = recording_.active() ? recording_.stop()
                                                       : recording_.start(options_.record.empty() ? "racelab-timings.csv"
                                                                                                  : options_.record);
        }
    } catch (const Error& e) {
        panel_.statusMessage = e.what();  // the viewer keeps running
        std::fprintf(stderr, "racelab: %s\n", e.what());
        if (soak_)
            soak_->countRefusal(panel_.sceneNames[static_cast<std::size_t>(panel_.sceneIndex)], e.what(),
                                dynamic_cast<const MissingInputError*>(&e) != nullptr);
    }
}

void Viewer::checkKernel() { checkKernelInViewer(*prepared_.scene, loop_->lastFramePixels(), panel_.kernel, controls_); }

void Viewer::findRace() {
    raceFinder_.find(prepared_, options_.selection, {presenter_->width(), presenter_->height()}, controls_, options_.frames > 0,
                     panel_.kernel.races);
}

// Starts a video (the first one under --video's name, later ones numbered) or completes the one running.
void Viewer::toggleVideo() {
    if (video_.active()) {
        panel_.statusMessage = video_.stop();
        return;
    }
    // The soak records one file over and over rather than filling the folder with hours of video.
    const std::string path = soak_ ? (options_.video.empty() ? "racelab-soak.mp4" : options_.video)
                                   : videoPathFor(options_.video, ++videosStarted_);
    panel_.statusMessage = video_.start(path, videoRecordingOptions(options_));
}

void Viewer::requestScreenshot() {
    screenshotPath_ = "racelab-screenshot-" + std::to_string(loop_->frameIndex()) + ".png";
    loop_->captureNextFrame();
}

}  // namespace racelab
