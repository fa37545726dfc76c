// The viewer's ImGui panel, docked to the left edge at the window's full height (the scene is drawn right
// of it, never under it) and collapsible to a strip: scene and variant, the comparison view, parameters,
// playback, backend and presenter, FPS, the frame-time graph, the race meter, record (timings, video) /
// screenshot, and the keys. It edits ViewerPanelState and reports what the viewer must act on; it owns nothing.
#pragma once
#include <string>
#include <vector>

#include "frame/frame_controls.hpp"
#include "ui/frame_graph.hpp"
#include "ui/kernel_panel.hpp"
#include "ui/time_bars.hpp"

namespace racelab {

struct ViewerPanelState {
    // shown and edited
    std::vector<std::string> sceneNames;
    int sceneIndex = 0;
    Scene* scene = nullptr;
    FrameControls* controls = nullptr;
    bool vsync = true;
    bool collapsed = false;   // the panel is a narrow strip
    float dockWidth = 430.f;  // its width when open, in ImGui units (window coordinates)
    int backendIndex = 0;  // 0 cuda, 1 cpu
    bool cudaAvailable = false;
    // shown only
    std::string presenterName, presenterReason, surfaceDescription, statusMessage;
    int framesInFlight = 1;  // the frame loop's (the kernel times shown are then an earlier frame's)
    const FrameHistory* history = nullptr;
    const std::vector<KernelStat>* steps = nullptr;  // per-step timing's last window (empty while it is off)
    bool stepTiming = false;                          // edited: CUDA events around every named GPU step
    RaceReading race;
    bool recording = false;
    bool videoRecording = false;
    std::string videoStatus;  // "REC 0:12.4  3.1 MB  372 frames" while a video records
    long frameIndex = 0;
    float displayWidth = 0, displayHeight = 0;  // the window, in ImGui units
    KernelPanelState kernel;  // the user's kernel
};

struct ViewerPanelActions {
    bool sceneChanged = false;
    bool variantChanged = false;
    bool backendChanged = false;
    bool vsyncChanged = false;
    bool regenerate = false;
    bool screenshot = false;
    bool toggleRecording = false;
    KernelPanelActions kernel;
    bool toggleVideo = false;
};

ViewerPanelActions drawViewerPanel(ViewerPanelState& state);
// The width the panel takes from the window's left edge, in ImGui units (at most half the window).
float panelDockWidth(const ViewerPanelState& state);
// The keys, as the panel's help line shows them.
extern const char* const kViewerKeysHelp;

}  // namespace racelab
