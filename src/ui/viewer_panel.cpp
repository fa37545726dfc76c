#include "ui/viewer_panel.hpp"

#include <imgui.h>

namespace racelab {
namespace {

// One control per parameter kind; returns whether the user changed it (the value goes through
// ParameterSet::set, which clamps it into the range).
bool drawParameter(ParameterSet& set, Parameter& p) {
    const ParameterSpec& spec = p.spec;
    const char* label = spec.label.c_str();
    bool changed = false;
    double value = p.number;
    switch (spec.kind) {
    case ParameterKind::Choice: {
        int index = p.asInt();
        auto choiceAt = [](void* data, int i, const char** out) {
            *out = (*static_cast<const std::vector<std::string>*>(data))[static_cast<std::size_t>(i)].c_str();
            return true;
        };
        changed = ImGui::Combo(label, &index, choiceAt, const_cast<std::vector<std::string>*>(&spec.choices),
                               static_cast<int>(spec.choices.size()));
        value = index;
        break;
    }
    case ParameterKind::Bool: {
        bool on = p.asBool();
        changed = ImGui::Checkbox(label, &on);
        value = on ? 1 : 0;
        break;
    }
    case ParameterKind::Int: {
        int v = p.asInt();
        changed = ImGui::InputInt(label, &v, 1, 1000, ImGuiInputTextFlags_EnterReturnsTrue);
        value = v;
        break;
    }
    case ParameterKind::Float: {
        float v = p.asFloat();
        changed = ImGui::SliderFloat(label, &v, static_cast<float>(spec.min), static_cast<float>(spec.max));
        value = v;
        break;
    }
    case ParameterKind::Text:
        ImGui::TextDisabled("%s: %s", label, p.text.c_str());
        break;
    }
    if (!spec.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--param %s)", spec.help.c_str(), spec.name.c_str());
    else if (ImGui::IsItemHovered()) ImGui::SetTooltip("--param %s", spec.name.c_str());
    return changed && set.set(p, value);
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
    ParameterSet& parameters = s.scene->parameters();
    for (auto& p : parameters.all())
        if (!p.hidden && drawParameter(parameters, p)) actions.regenerate = true;
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
