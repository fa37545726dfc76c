// The viewer window: GLFW + ImGui around the frame loop. Each frame: soak step (view --soak), pointer and
// keys (and those view --press scripts), the frame right of the docked panel with the panel beside it, then what
// the panel asked for (scene, backend, recordings, screenshot). A scene that fails to start gives way to the previous one; a frame that fails
// leaves the viewer up and says why once.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <utility>

#include "app/viewer/viewer.hpp"

#include "app/viewer/viewer_kernel.hpp"
#include "app/viewer/viewer_keys.hpp"
#include "app/viewer/viewer_pointer.hpp"
#include "app/viewer/viewer_race_finder.hpp"
#include "app/viewer/viewer_recording.hpp"
#include "app/viewer/viewer_video.hpp"
#include "frame/frame_loop.hpp"
#include "frame/offline_frame.hpp"
#include "frame/race_view.hpp"
#include "app/scene_setup.hpp"
#include "app/soak_driver.hpp"
#include "present/gl_check.hpp"
#include "core/errors.hpp"
#include "core/gpu_timing.hpp"
#include "core/fault_injection.hpp"
#include "core/image_io.hpp"
#include "core/interrupt.hpp"
#include "core/kernel_timing.hpp"
#include "core/stopwatch.hpp"
#include "core/timing_recorder.hpp"
#include "present/glfw_window.hpp"
#include "present/headless_egl.hpp"
#include "present/presenter.hpp"
#include "scenes/scene_registry.hpp"
#include "ui/viewer_panel.hpp"
#include "userkernel/user_kernel.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace racelab {
namespace {

class Viewer {
public:
    Viewer(const ViewOptions& options, PreparedScene& prepared)
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

    ~Viewer() {
        video_.stop();  // closing the window, Esc, Ctrl-C: the video is completed while GL is still here
        recording_.stop();
        loop_.reset();
        presenter_.reset();
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplGlfw_Shutdown();
        ImGui::DestroyContext();
    }

    int run() {
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

private:
    // A frame could not be drawn. A scene just switched to goes back to the one before (e.g. the new one is
    // too large for the GPU); otherwise the viewer stays up, says why once, and tries again on the next frame
    // (e.g. GPU memory ran out at a new window size: a smaller one, or another scene, will work).
    void frameFailed(const std::string& why) {
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
    bool driveSoak(ViewerPanelActions& actions) {
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

    void rebuildPresenter() {
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

    ViewerPanelActions drawUi() {
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

    // Makes `next` the current scene, keeping the old one until `next` has drawn a frame.
    void switchTo(std::unique_ptr<Scene> next) {
        previousScene_ = std::move(prepared_.scene);
        prepared_.scene = sceneWithKernel(std::move(next), prepared_.kernel);
        raceFinder_.clear(panel_.kernel.races);  // findings are one scene's
        showCurrentScene();
    }

    // The panel's "load": the file becomes the current scene's kernel, shown at once.
    void loadKernel(const std::string& path) {
        const WorkloadFamily& family = *findScene(prepared_.scene->name()).family;
        SceneSelection selection = options_.selection;
        selection.kernel = path;
        if (!std::filesystem::is_regular_file(path)) throw UsageError("no kernel file " + path);
        prepared_.kernel = makeUserKernel(selection, family, true);
        previousScene_.reset();
        switchTo(std::move(prepared_.scene));
        controls_.variant = static_cast<int>(prepared_.scene->variants().size()) - 1;
    }

    void checkKernel() { checkKernelInViewer(*prepared_.scene, loop_->lastFramePixels(), panel_.kernel, controls_); }
    void findRace() {
        raceFinder_.find(prepared_, options_.selection, {presenter_->width(), presenter_->height()}, controls_, options_.frames > 0,
                         panel_.kernel.races);
    }
    // The scene's part of the window in ImGui units, and the view that draws it (ui/race_finder_view.hpp).
    SceneRect sceneRect(int left) const {
        const float scale = std::max(ImGui::GetIO().DisplayFramebufferScale.x, 1e-3f);
        return {static_cast<float>(left) / scale, 0.f, static_cast<float>(presenter_->width()) / scale,
                static_cast<float>(presenter_->height()) / scale, controls_.view};
    }

    // Points the panel, the frame loop and the title at the current scene.
    void showCurrentScene() {
        for (std::size_t i = 0; i < panel_.sceneNames.size(); ++i)
            if (panel_.sceneNames[i] == prepared_.scene->name()) panel_.sceneIndex = static_cast<int>(i);
        controls_.variant = std::min<int>(controls_.variant, static_cast<int>(prepared_.scene->variants().size()) - 1);
        loop_->setScene(*prepared_.scene);
        glfwSetWindowTitle(window_.handle(), ("racelab - " + prepared_.scene->name()).c_str());
        history_.clear();
        steps_.clear();
        KernelTiming::instance().clear();  // a window of steps never mixes two scenes
    }

    // The framebuffer columns the docked panel takes; the scene is drawn right of them.
    int sceneLeft() {
        const ImGuiIO& io = ImGui::GetIO();
        const Size2 fb = window_.framebufferSize();
        const float scale = io.DisplayFramebufferScale.x > 0 ? io.DisplayFramebufferScale.x : 1.f;
        panel_.displayWidth = static_cast<float>(fb.width) / scale;
        panel_.displayHeight = static_cast<float>(fb.height) / scale;
        return static_cast<int>(panelDockWidth(panel_) * scale + .5f);
    }

    // Keys (kViewerKeysHelp; ImGui 1.86 indexes keys by their GLFW codes) and the pointer (app/viewer/viewer_pointer.hpp);
    // R goes to the scene too (the mesh scene resets its camera).
    void handleKeys(int left, long shown) {
        PointerInput input = pointer_.read(controls_, left, presenter_->width(), window_.framebufferSize().height);
        if (!ImGui::GetIO().WantCaptureKeyboard)
            for (int key : viewerKeys())
                if (ImGui::IsKeyPressed(key, false)) pressKey(key, input);
        for (const ScriptedKey& scripted : scriptedKeys_)
            if (scripted.frame == shown) pressKey(scripted.key, input);
        prepared_.scene->handleInput(input);
    }

    void pressKey(int key, PointerInput& input) {
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

    // Starts a video (the first one under --video's name, later ones numbered) or completes the one running.
    void toggleVideo() {
        if (video_.active()) {
            panel_.statusMessage = video_.stop();
            return;
        }
        // The soak records one file over and over rather than filling the folder with hours of video.
        const std::string path = soak_ ? (options_.video.empty() ? "racelab-soak.mp4" : options_.video)
                                       : videoPathFor(options_.video, ++videosStarted_);
        panel_.statusMessage = video_.start(path, videoRecordingOptions(options_));
    }

    void requestScreenshot() {
        screenshotPath_ = "racelab-screenshot-" + std::to_string(loop_->frameIndex()) + ".png";
        loop_->captureNextFrame();
    }

    // A file dropped on the window goes to the first scene that needs an option marked takesDroppedFile.
    void openDroppedFile() {
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

    void apply(const ViewerPanelActions& a) {
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

    void record(const FrameTiming& timing, Size2 size) {
        history_.frames.push(timing);
        const RunLabels labels{prepared_.scene->name(),
                               prepared_.scene->variants()[static_cast<std::size_t>(controls_.variant)].name,
                               backendName(prepared_.backend), presenter_->name(), size.width, size.height};
        if (std::string error = recording_.add(loop_->frameIndex() - 1, timing, labels); !error.empty())
            panel_.statusMessage = error;
    }

    void handleCapture() {
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

    const ViewOptions& options_;
    PreparedScene& prepared_;
    GlfwWindow window_;
    CudaStream stream_;
    std::unique_ptr<Presenter> presenter_;
    std::unique_ptr<FrameLoop> loop_;
    std::vector<SceneListing> listings_;   // every scene, in the panel's order
    std::unique_ptr<Scene> previousScene_;  // kept until the new scene has drawn a frame
    ViewerRecording recording_;
    ViewerVideo video_;  // before loop_ in destruction order does not matter: ~Viewer stops it first
    std::vector<ScriptedKey> scriptedKeys_;
    int videosStarted_ = 0;
    std::unique_ptr<SoakDriver> soak_;
    std::vector<int> soakScenes_;  // indices into panel_.sceneNames
    std::size_t soakPosition_ = 0;
    std::string stuckReason_;  // the last frame failure reported, so a repeating one is reported once
    FrameControls controls_;
    FrameHistory history_;
    std::vector<KernelStat> steps_;  // per-step timing's last window
    ViewerPanelState panel_;
    std::string screenshotPath_;
    std::string droppedImage_;
    bool cudaAvailable_ = false;
    ScenePointer pointer_;
    RaceFinder raceFinder_;
};

}  // namespace

int runViewerWindow(const ViewOptions& options, PreparedScene& prepared) {
    Viewer viewer(options, prepared);
    return viewer.run();
}

}  // namespace racelab
