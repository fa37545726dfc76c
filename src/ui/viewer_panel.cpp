#include "ui/viewer_panel.hpp"

#include <algorithm>

#include <imgui.h>

#include "frame/race_view.hpp"

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

// The comparison view, the racy variant it shows while a correct one is chosen, and its settings.
void drawViewControls(ViewerPanelState& s) {
    FrameControls& c = *s.controls;
    int view = static_cast<int>(c.view);
    for (int i = 0; i < kRaceViewCount; ++i) {
        if (i) ImGui::SameLine();
        ImGui::RadioButton(raceViewName(static_cast<RaceView>(i)), &view, i);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", raceViewDescription(static_cast<RaceView>(i)));
    }
    c.view = static_cast<RaceView>(view);
    if (c.view == RaceView::Plain) return;
    if (s.backendIndex == 1) {
        ImGui::TextDisabled("the comparison views need the cuda backend");
        return;
    }
    const auto& variants = s.scene->variants();
    if (s.race.valid)
        ImGui::Text("good: %s  |  compared: %s", variants[static_cast<std::size_t>(s.race.good)].name.c_str(),
                    variants[static_cast<std::size_t>(s.race.racy)].name.c_str());
    else if (!s.race.notDrawn.empty())
        ImGui::TextColored(ImVec4(.9f, .9f, .5f, 1.f), "compared: %s -- %s", variants[static_cast<std::size_t>(s.race.racy)].name.c_str(),
                           s.race.notDrawn.c_str());
    if (c.view == RaceView::Wipe) ImGui::SliderFloat("divider", &c.wipe, 0.f, 1.f, "%.2f (drag it in the scene)");
    if (c.view == RaceView::Heat) {
        ImGui::SliderInt("heat frames (N)", &c.heatFrames, 1, kMaxHeatFrames);
        ImGui::TextWrapped("colour: in how many of the last N frames a pixel differed from good (legend lower left: "
                           "1 .. N); grey: never");
    }
}

void drawRaceMeter(ViewerPanelState& s) {
    ImGui::Checkbox("race meter", &s.controls->raceMeter);
    if (s.race.exact) {
        const ExactRaceCount& e = *s.race.exact;
        ImGui::Text("%s: %lld of %lld (%.3f %%)", e.what.c_str(), e.lost, e.of,
                    e.of ? 100.0 * static_cast<double>(e.lost) / static_cast<double>(e.of) : 0.0);
    }
    if (s.race.valid)
        ImGui::Text("%.3f %% of pixels differ from good (%ld of %ld)", s.race.percent(), s.race.differing, s.race.total);
    else if (!s.race.notDrawn.empty())
        ImGui::TextColored(ImVec4(.9f, .9f, .5f, 1.f), "not measured: %s drew no frame yet (%s)",
                           s.scene->variants()[static_cast<std::size_t>(s.race.racy)].name.c_str(), s.race.notDrawn.c_str());
    else if (!s.race.exact)
        ImGui::TextDisabled(s.backendIndex == 1 ? "race meter: cuda backend only" : "race meter: a correct variant has no races");
    if (s.race.heatFrames > 0) ImGui::Text("heat map over the last %d frames", s.race.heatFrames);
}

}  // namespace

const char* const kViewerKeysHelp =
    "keys: G good, B racy (again: the next one), 1-9 variant, V view, Space pause, S screenshot, C video, R reset, "
    "K check your kernel, F find the race in it, Esc quit";

float panelDockWidth(const ViewerPanelState& s) {
    if (s.collapsed) return 30.f;
    return s.displayWidth > 0 ? std::min(s.dockWidth, s.displayWidth * .5f) : s.dockWidth;
}

ViewerPanelActions drawViewerPanel(ViewerPanelState& s) {
    ViewerPanelActions actions;
    ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(panelDockWidth(s), s.displayHeight), ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings;
    ImGui::Begin("racelab", nullptr, flags);
    if (s.collapsed) {
        if (ImGui::Button(">>")) s.collapsed = false;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("open the panel");
        ImGui::End();
        return actions;
    }
    if (ImGui::Button("<<")) s.collapsed = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("fold the panel to a strip");
    ImGui::SameLine();
    ImGui::TextUnformatted("racelab");

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
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%zu: %s%s", i + 1, variants[i].description.c_str(), variants[i].correct ? "" : " (racy)");
    }
    drawViewControls(s);

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
    ImGui::Text("presenter: %s, %d frame%s in flight", s.presenterName.c_str(), s.framesInFlight,
                s.framesInFlight == 1 ? "" : "s");
    ImGui::TextWrapped("  %s", s.presenterReason.c_str());
    ImGui::TextDisabled("%s", s.surfaceDescription.c_str());

    // timing
    const auto& frames = s.history->frames;
    const float lastFrame = frames.size() ? static_cast<float>(frames[frames.size() - 1].frameMs) : 0.f;
    ImGui::Text("frame %ld   %.1f FPS (%.3f ms)", s.frameIndex, lastFrame > 0 ? 1000.f / lastFrame : 0.f, lastFrame);
    drawFrameGraph(*s.history);
    ImGui::SetNextItemOpen(s.stepTiming, ImGuiCond_Once);  // open from the start with view --step-timing
    if (ImGui::CollapsingHeader("where the time goes")) {
        ImGui::Checkbox("per-step timing", &s.stepTiming);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("CUDA events around every named GPU step (binning, sort, render...); they cost a little, "
                              "so the frame times above grow while it is on");
        drawTimeBars(*s.history, *s.steps, s.stepTiming);
    }

    ImGui::Separator();
    drawRaceMeter(s);
    actions.kernel = drawKernelPanel(s.kernel);

    // record + video + screenshot
    ImGui::Separator();
    if (ImGui::Button(s.recording ? "stop recording" : "record CSV")) actions.toggleRecording = true;
    ImGui::SameLine();
    if (ImGui::Button(s.videoRecording ? "stop video" : "record video")) actions.toggleVideo = true;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("C: the scene's area as shown, to an MP4 (view --video FILE: .mp4, .webm or .gif)");
    ImGui::SameLine();
    if (ImGui::Button("screenshot PNG")) actions.screenshot = true;
    if (s.videoRecording) ImGui::TextColored(ImVec4(1.f, .3f, .3f, 1.f), "%s", s.videoStatus.c_str());
    if (!s.statusMessage.empty()) ImGui::TextWrapped("%s", s.statusMessage.c_str());
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", kViewerKeysHelp);
    ImGui::PopStyleColor();
    ImGui::End();
    return actions;
}

}  // namespace racelab
