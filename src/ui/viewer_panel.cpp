#include "ui/viewer_panel.hpp"

#include <algorithm>

#include <imgui.h>

namespace racelab {
namespace {

bool drawParameter(SceneParameter& p) {
    if (p.intValue && !p.choices.empty()) {
        auto choiceAt = [](void* data, int i, const char** out) {
            *out = (*static_cast<std::vector<std::string>*>(data))[static_cast<std::size_t>(i)].c_str();
            return true;
        };
        return ImGui::Combo(p.label.c_str(), p.intValue, choiceAt, &p.choices, static_cast<int>(p.choices.size()));
    }
    if (p.intValue) return ImGui::InputInt(p.label.c_str(), p.intValue, 1, 1000, ImGuiInputTextFlags_EnterReturnsTrue);
    return ImGui::SliderFloat(p.label.c_str(), p.floatValue, static_cast<float>(p.min), static_cast<float>(p.max));
}

void clampParameter(SceneParameter& p) {
    if (p.intValue) *p.intValue = std::clamp(*p.intValue, static_cast<int>(p.min), static_cast<int>(p.max));
    if (p.floatValue) *p.floatValue = std::clamp(*p.floatValue, static_cast<float>(p.min), static_cast<float>(p.max));
}

}  // namespace

ViewerPanelActions drawViewerPanel(ViewerPanelState& s) {
    ViewerPanelActions actions;
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(470, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("racelab");

    // scene + variant
    auto nameAt = [](void* data, int i, const char** out) {
        *out = (*static_cast<std::vector<std::string>*>(data))[static_cast<std::size_t>(i)].c_str();
        return true;
    };
    actions.sceneChanged = ImGui::Combo("scene", &s.sceneIndex, nameAt, &s.sceneNames, static_cast<int>(s.sceneNames.size()));
    const auto& variants = s.scene->variants();
    for (std::size_t i = 0; i < variants.size(); ++i) {
        if (i) ImGui::SameLine();
        if (ImGui::RadioButton(variants[i].name.c_str(), s.controls->variant == static_cast<int>(i))) {
            s.controls->variant = static_cast<int>(i);
            actions.variantChanged = true;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", variants[i].description.c_str());
    }

    // parameters
    for (auto& p : s.scene->parameters()) {
        if (drawParameter(p) && p.regenerates) {
            clampParameter(p);
            actions.regenerate = true;
        }
    }
    ImGui::TextDisabled("%s", s.scene->statsLine().c_str());

    // playback
    ImGui::Checkbox("pause", &s.controls->paused);
    ImGui::SameLine();
    if (ImGui::Button("step")) s.controls->stepOnce = true;
    ImGui::SameLine();
    if (ImGui::Button("restart")) actions.regenerate = true;
    ImGui::SameLine();
    actions.vsyncChanged = ImGui::Checkbox("vsync", &s.vsync);

    // backend + presenter
    if (s.cudaAvailable) {
        actions.backendChanged |= ImGui::RadioButton("cuda", &s.backendIndex, 0);
        ImGui::SameLine();
        actions.backendChanged |= ImGui::RadioButton("cpu", &s.backendIndex, 1);
    } else {
        ImGui::TextDisabled("backend: cpu (no CUDA device)");
    }
    ImGui::Text("presenter: %s", s.presenterName.c_str());
    ImGui::TextWrapped("  %s", s.presenterReason.c_str());
    ImGui::TextDisabled("%s", s.surfaceDescription.c_str());

    // timing
    float lastFrame = s.history->frameMs.size() ? s.history->frameMs[s.history->frameMs.size() - 1] : 0.f;
    ImGui::Text("frame %ld   %.1f FPS (%.3f ms)", s.frameIndex, lastFrame > 0 ? 1000.f / lastFrame : 0.f, lastFrame);
    drawFrameGraph(*s.history);

    // race meter
    ImGui::Separator();
    ImGui::Checkbox("race meter", &s.controls->raceMeter);
    ImGui::SameLine();
    ImGui::Checkbox("overlay differing pixels", &s.controls->raceOverlay);
    if (s.race.valid)
        ImGui::Text("%.3f %% of pixels differ from good (%ld of %ld)", s.race.percent(), s.race.differing, s.race.total);
    else
        ImGui::TextDisabled(s.backendIndex == 1 ? "race meter: cuda backend only" : "race meter: the good variant has no races");

    // record + screenshot
    ImGui::Separator();
    if (ImGui::Button(s.recording ? "stop recording" : "record CSV")) actions.toggleRecording = true;
    ImGui::SameLine();
    if (ImGui::Button("screenshot PNG")) actions.screenshot = true;
    if (!s.statusMessage.empty()) ImGui::TextWrapped("%s", s.statusMessage.c_str());
    ImGui::End();
    return actions;
}

}  // namespace racelab
