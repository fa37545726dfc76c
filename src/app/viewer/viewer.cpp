// The viewer window: GLFW + ImGui around the frame loop. Each frame: soak step (view --soak), pointer and
// keys (and those view --press scripts), the frame right of the docked panel with the panel beside it, then what
// the panel asked for (scene, backend, recordings, screenshot; viewer_actions.cpp, viewer_scenes.cpp). A scene
// that fails to start gives way to the previous one; a frame that fails leaves the viewer up and says why once.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

#include "app/viewer/viewer.hpp"
#include "app/viewer/viewer_window.hpp"

#include "app/viewer/viewer_kernel.hpp"
#include "core/errors.hpp"
#include "core/image_io.hpp"
#include "core/interrupt.hpp"
#include "core/timing_recorder.hpp"
#include "frame/offline_frame.hpp"
#include "frame/race_view.hpp"
#include "present/gl_check.hpp"
#include "ui/time_bars.hpp"
#include "userkernel/user_kernel.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace racelab {

Viewer::Viewer(const ViewOptions& options, PreparedScene& prepared)
    : options_(options), prepared_(prepared),
      window_(prepared.size.width, prepared.size.height, "racelab - " + prepared.scene->name()) {
    cudaAvailable_ = cudaUsable();
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini dropped into the user's folder
    ImGui_ImplGlfw_InitForOpenGL(window_.handle(), true);
    ImGui_ImplOpenGL3_Init("#version 450");
    window_.setVsync(options.vsync);
    panel_.vsync = options.vsync;
    panel_.stepTiming = options.stepTiming;
    listings_ = listScenes();
    for (const auto& s : listings_) panel_.sceneNames.push_back(s.name);
    for (std::size_t i = 0; i < panel_.sceneNames.size(); ++i)
        if (panel_.sceneNames[i] == prepared.scene->name()) panel_.sceneIndex = static_cast<int>(i);
    controls_ = comparisonControls(options.comparison, prepared.variant);
    panel_.backendIndex = prepared.backend == Backend::Cuda ? 0 : 1;
    panel_.cudaAvailable = cudaAvailable_;
    if (!prepared.backendNote.empty()) panel_.statusMessage = prepared.backendNote;
    if (prepared.kernel) std::snprintf(panel_.kernel.path, sizeof panel_.kernel.path, "%s", prepared.kernel->path().c_str());
    rebuildPresenter();
    if (!options.record.empty()) panel_.statusMessage = recording_.start(options.record);
    for (const std::string& press : options.presses) scriptedKeys_.push_back(parseScriptedKey(press));
    if (!options.inspect.empty()) raceFinder_.inspectWhenFound(parsePixel(options.inspect, "--inspect"));
    if (options.soakSeconds > 0) {
        soakScenes_ = soakSceneIndices(listings_, prepared.backend, prepared.kernel ? prepared.kernel->family() : "");
        std::vector<std::string> names;
        for (int index : soakScenes_) names.push_back(panel_.sceneNames[static_cast<std::size_t>(index)]);
        soak_ = std::make_unique<SoakDriver>(options.soakSeconds, std::move(names));
    }
    if (!options.video.empty()) toggleVideo();
    glfwSetWindowUserPointer(window_.handle(), this);
    glfwSetDropCallback(window_.handle(), [](GLFWwindow* w, int count, const char** paths) {
        if (count > 0) static_cast<Viewer*>(glfwGetWindowUserPointer(w))->droppedImage_ = paths[0];
    });
}

Viewer::~Viewer() {
    video_.stop();  // closing the window, Esc, Ctrl-C: the video is completed while GL is still here
    recording_.stop();
    loop_.reset();
    presenter_.reset();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

int Viewer::run() {
    long shown = 0;
    while (!window_.closeRequested() && !interruptSignal()) {
        window_.pollEvents();
        ViewerPanelActions soakActions;
        if (soak_ && !driveSoak(soakActions)) break;
        ViewerPanelActions actions;
        FrameTiming timing;
        Size2 size;
        bool last = false;
        try {
            const int left = sceneLeft();
            if (!fitPresenterToSurface(*presenter_, window_, left)) {  // minimized
                window_.waitEvents(0.1);
                continue;
            }
            loop_->setSceneLeft(left);
            size = {presenter_->width(), presenter_->height()};
            handleKeys(left, shown);
            refreshKernelPanel(panel_.kernel, *prepared_.scene, prepared_.kernel.get());
            raceFinder_.update(prepared_, controls_, size, sceneRect(left), panel_.kernel.races);
            last = options_.frames > 0 && shown + 1 >= options_.frames;
            if (last && !options_.screenshot.empty()) loop_->captureNextFrame();
            KernelTiming::instance().setEnabled(panel_.stepTiming && prepared_.backend == Backend::Cuda);
            timing = loop_->runFrame(controls_, [&] { actions = drawUi(); });
            sampleSteps(steps_);
            if (std::string stopped = video_.poll(); !stopped.empty()) panel_.statusMessage = stopped;
        } catch (const Error& e) {
            frameFailed(e.what());
            continue;
        }
        stuckReason_.clear();
        controls_.stepOnce = false;
        previousScene_.reset();  // the current scene works: no way back needed
        record(timing, size);
        handleCapture();
        apply(actions);
        if (soak_) {
            soak_->countFrame(prepared_.scene->name());
            for (GLenum e = glGetError(); e != GL_NO_ERROR; e = glGetError()) soak_->countGlError(e);
            apply(soakActions);
        }
        if (last) break;
        ++shown;
    }
    if (interruptSignal()) {
        std::fprintf(stderr, "racelab view: interrupted (signal %d); closing\n", interruptSignal());
        return interruptedExitCode();
    }
    if (soak_ && prepared_.kernel) printSoakKernelSummary(*prepared_.kernel);
    return soak_ ? soak_->finish() : 0;
}

// A frame could not be drawn. A scene just switched to goes back to the one before (e.g. the new one is
// too large for the GPU); otherwise the viewer stays up, says why once, and tries again on the next frame
// (e.g. GPU memory ran out at a new window size: a smaller one, or another scene, will work).
void Viewer::frameFailed(const std::string& why) {
    const std::string failedScene = prepared_.scene->name();
    if (previousScene_) {
        panel_.statusMessage = why + " - staying on " + previousScene_->name();
        prepared_.scene = std::move(previousScene_);
        showCurrentScene();
    } else {
        panel_.statusMessage = why + " - the frame was not drawn; the viewer keeps trying";
        window_.waitEvents(0.05);
    }
    if (why == stuckReason_) return;  // the same failure again: said already
    stuckReason_ = why;
    std::fprintf(stderr, "racelab: %s\n", panel_.statusMessage.c_str());
    if (soak_) soak_->countRefusal(failedScene, panel_.statusMessage, false);
}

// One soak step before a frame; false when the soak is over.
bool Viewer::driveSoak(ViewerPanelActions& actions) {
    const SoakStep s = soak_->step();
    if (s.finished) return false;
    if (s.minimize) glfwIconifyWindow(window_.handle());
    if (s.restore) glfwRestoreWindow(window_.handle());
    if (s.reloadKernel && prepared_.kernel) prepared_.kernel->recompile();
    if (s.resizeWidth > 0) glfwSetWindowSize(window_.handle(), s.resizeWidth, s.resizeHeight);
    if (s.nextVariant)
        controls_.variant = (controls_.variant + 1) % static_cast<int>(prepared_.scene->variants().size());
    if (s.nextView) controls_.view = nextRaceView(controls_.view);
    if (s.nextScene && !soakScenes_.empty()) {
        soakPosition_ = (soakPosition_ + 1) % soakScenes_.size();
        panel_.sceneIndex = soakScenes_[soakPosition_];
        actions.sceneChanged = true;
    }
    actions.toggleRecording = s.toggleRecording;
    actions.toggleVideo = s.toggleRecording;  // a video across scene switches, resizes and minimizing
    return true;
}

ViewerPanelActions Viewer::drawUi() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    panel_.scene = prepared_.scene.get();
    panel_.controls = &controls_;
    panel_.presenterName = presenter_->name();
    panel_.presenterReason = presenter_->reason();
    panel_.framesInFlight = loop_->framesInFlight();
    panel_.surfaceDescription = window_.description();
    panel_.history = &history_;
    panel_.steps = &steps_;
    panel_.race = loop_->race();
    panel_.recording = recording_.active();
    panel_.videoRecording = video_.active();
    panel_.videoStatus = video_.status();
    panel_.frameIndex = loop_->frameIndex();
    ViewerPanelActions actions = drawViewerPanel(panel_);
    if (!drawRaceOverlayAndInspector(panel_.kernel.races, sceneRect(sceneLeft()))) panel_.kernel.races.inspected.reset();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    return actions;
}

// The scene's part of the window in ImGui units, and the view that draws it (ui/race_finder_view.hpp).
SceneRect Viewer::sceneRect(int left) const {
    const float scale = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 1e-3f);
    return {static_cast<float>(left) / scale, 0.f, static_cast<float>(presenter_->width()) / scale,
            static_cast<float>(presenter_->height()) / scale, controls_.view};
}

// The framebuffer columns the docked panel takes; the scene is drawn right of them.
int Viewer::sceneLeft() {
    const ImGuiIO& io = ImGui::GetIO();
    const Size2 fb = window_.framebufferSize();
    const float scale = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.f;
    panel_.displayWidth = static_cast<float>(fb.width) / scale;
    panel_.displayHeight = static_cast<float>(fb.height) / scale;
    return static_cast<int>(panelDockWidth(panel_) * scale + .5f);
}

void Viewer::record(const FrameTiming& timing, Size2 size) {
    history_.frames.push(timing);
    const RunLabels labels{prepared_.scene->name(),
                           prepared_.scene->variants()[static_cast<std::size_t>(controls_.variant)].name,
                           backendName(prepared_.backend), presenter_->name(), size.width, size.height};
    if (std::string error = recording_.add(loop_->frameIndex() - 1, timing, labels); !error.empty())
        panel_.statusMessage = error;
}

void Viewer::handleCapture() {
    auto capture = loop_->takeCapture();
    if (!capture) return;
    std::string path = screenshotPath_.empty() ? options_.screenshot : screenshotPath_;
    screenshotPath_.clear();
    try {
        writePng(*capture, path);
        panel_.statusMessage = "saved " + path;
        std::printf("racelab: saved %s\n", path.c_str());
    } catch (const Error& e) {
        panel_.statusMessage = e.what();
        std::fprintf(stderr, "racelab: %s\n", e.what());
    }
}

int runViewerWindow(const ViewOptions& options, PreparedScene& prepared) {
    Viewer viewer(options, prepared);
    return viewer.run();
}

}  // namespace racelab
