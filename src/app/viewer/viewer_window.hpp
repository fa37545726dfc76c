// The viewer window's state, shared by the files that each do one of its jobs: viewer.cpp makes and closes
// the window and runs its frames, viewer_actions.cpp answers the keys and the panel, viewer_scenes.cpp
// changes what is drawn (another scene, a kernel, a dropped file, another backend). Only those files include
// this; the rest of racelab opens the window through runViewerWindow (viewer.hpp).
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/soak_driver.hpp"
#include "app/viewer/viewer_keys.hpp"
#include "app/viewer/viewer_pointer.hpp"
#include "app/viewer/viewer_race_finder.hpp"
#include "app/viewer/viewer_recording.hpp"
#include "app/viewer/viewer_video.hpp"
#include "core/frame_timing.hpp"
#include "core/gpu_timing.hpp"
#include "core/kernel_timing.hpp"
#include "core/size_parse.hpp"
#include "frame/frame_controls.hpp"
#include "frame/frame_loop.hpp"
#include "app/scene_setup.hpp"
#include "present/glfw_window.hpp"
#include "present/presenter.hpp"
#include "scenes/scene.hpp"
#include "scenes/scene_registry.hpp"
#include "ui/frame_graph.hpp"
#include "ui/race_finder_view.hpp"
#include "ui/viewer_panel.hpp"

namespace racelab {

class Viewer {
public:
    Viewer(const ViewOptions& options, PreparedScene& prepared);
    ~Viewer();
    int run();

private:
    // viewer.cpp: the frames
    void frameFailed(const std::string& why);
    bool driveSoak(ViewerPanelActions& actions);
    ViewerPanelActions drawUi();
    SceneRect sceneRect(int left) const;
    int sceneLeft();
    void record(const FrameTiming& timing, Size2 size);
    void handleCapture();

    // viewer_actions.cpp: the keys and what the panel asked for
    void handleKeys(int left, long shown);
    void pressKey(int key, PointerInput& input);
    void apply(const ViewerPanelActions& a);
    void checkKernel();
    void findRace();
    void toggleVideo();
    void requestScreenshot();

    // viewer_scenes.cpp: what is drawn
    void rebuildPresenter();
    void switchTo(std::unique_ptr<Scene> next);
    void loadKernel(const std::string& path);
    void showCurrentScene();
    void openDroppedFile();

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
    ViewerRaceFinder raceFinder_;
};

}  // namespace racelab
