// The viewer's ImGui panel: scene and variant, parameters, playback, backend and presenter, FPS, the
// frame-time graph, the race meter, and the record / screenshot buttons. It edits ViewerPanelState and
// reports what the viewer must act on; it owns nothing.
#pragma once
#include <string>
#include <vector>

#include "app/frame_loop.hpp"
#include "ui/frame_graph.hpp"

namespace racelab {

struct ViewerPanelState {
    // shown and edited
    std::vector<std::string> sceneNames;
    int sceneIndex = 0;
    Scene* scene = nullptr;
    FrameControls* controls = nullptr;
    bool vsync = true;
    int backendIndex = 0;  // 0 cuda, 1 cpu
    bool cudaAvailable = false;
    // shown only
    std::string presenterName, presenterReason, surfaceDescription, statusMessage;
    const FrameHistory* history = nullptr;
    RaceReading race;
    bool recording = false;
    long frameIndex = 0;
};

struct ViewerPanelActions {
    bool sceneChanged = false;
    bool variantChanged = false;
    bool backendChanged = false;
    bool vsyncChanged = false;
    bool regenerate = false;
    bool screenshot = false;
    bool toggleRecording = false;
};

ViewerPanelActions drawViewerPanel(ViewerPanelState& state);

}  // namespace racelab
