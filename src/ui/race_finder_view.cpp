#include "ui/race_finder_view.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <imgui.h>

namespace racelab {
namespace {

const ImVec4 kRed(1.f, .45f, .4f, 1.f), kGreen(.5f, .9f, .5f, 1.f), kGrey(.6f, .6f, .6f, 1.f), kAmber(1.f, .7f, .3f, 1.f);

}  // namespace

RaceFinderActions drawRaceFinder(RaceFinderView& v) {
    RaceFinderActions actions;
    actions.find = ImGui::Button(v.stage == RaceFinderView::Stage::Building ? "finding the race..." : "find the race");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("F: this frame once more in an instrumented build that records every load, store and atomic\n"
                          "(global and shared memory): the racing lines, the racing pixels over the picture, and a\n"
                          "click on a pixel lists every access to it. The animation pauses on the frame it describes.");
    if (v.stage == RaceFinderView::Stage::None || v.stage == RaceFinderView::Stage::Building) {
        if (v.stage == RaceFinderView::Stage::Building) ImGui::TextColored(kGrey, "building the instrumented kernel, then its frame");
        return actions;
    }
    ImGui::SameLine();
    actions.clear = ImGui::Button("clear##races");
    if (v.stage == RaceFinderView::Stage::Failed) {
        ImGui::TextColored(kRed, "find the race failed:");
    } else if (v.racingPixels > 0 || !v.elsewhere.empty()) {
        ImGui::Checkbox("show the racing pixels", &v.overlay);
        if (v.racingPixels > 0) {
            ImGui::SameLine();
            ImGui::TextColored(kRed, "%lld%s", v.racingPixels, v.truncated ? "+ (the first runs)" : "");
        }
        if (!v.elsewhere.empty()) ImGui::TextColored(kRed, "races in %s (no pixels to show)", v.elsewhere.c_str());
        ImGui::TextColored(kGrey, "click a pixel: every access to it in this frame");
    } else {
        ImGui::TextColored(kGreen, "no race in this frame (%.2f s)", v.seconds);
    }
    if (!v.stale.empty()) ImGui::TextColored(kAmber, "%s", v.stale.c_str());
    ImGui::BeginChild("##race findings", ImVec2(0, 160), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(v.findings.c_str());
    ImGui::EndChild();
    return actions;
}

SceneRect racyPicture(const SceneRect& s) {
    if (s.view != RaceView::Side) return s;
    // kernels/race_views.cu's side view: the racy frame at half size in the right half, centred vertically.
    return {s.left + s.width / 2, s.top + s.height / 4, s.width / 2, s.height / 2, s.view};
}

std::optional<std::pair<int, int>> framePixelAt(const RaceFinderView& v, const SceneRect& scene, float x, float y) {
    const SceneRect p = racyPicture(scene);
    if (v.width <= 0 || p.width <= 0 || p.height <= 0 || x < p.left || y < p.top || x >= p.left + p.width || y >= p.top + p.height)
        return std::nullopt;
    const int px = std::min(v.width - 1, static_cast<int>((x - p.left) / p.width * static_cast<float>(v.width)));
    const int py = std::min(v.height - 1, static_cast<int>((y - p.top) / p.height * static_cast<float>(v.height)));
    return std::pair{px, py};
}

bool drawRaceOverlayAndInspector(RaceFinderView& v, const SceneRect& scene) {
    if (v.stage != RaceFinderView::Stage::Done) return true;
    const SceneRect p = racyPicture(scene);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    if (v.overlay && v.overlayTexture)  // the texture's row 0 is the frame's bottom row: drawn flipped
        draw->AddImage(reinterpret_cast<ImTextureID>(v.overlayTexture), ImVec2(p.left, p.top), ImVec2(p.left + p.width, p.top + p.height),
                       ImVec2(0, 1), ImVec2(1, 0));
    if (!v.inspected) return true;
    const float cellW = p.width / static_cast<float>(v.width), cellH = p.height / static_cast<float>(v.height);
    const ImVec2 at(p.left + (static_cast<float>(v.inspected->first) + .5f) * cellW, p.top + (static_cast<float>(v.inspected->second) + .5f) * cellH);
    // A ring around the pixel and four ticks pointing at it, white on black: seen on any picture.
    const float r = std::max(9.f, 2 * std::max(cellW, cellH));
    for (const auto& [colour, thickness] : {std::pair{IM_COL32(0, 0, 0, 255), 5.f}, std::pair{IM_COL32(255, 255, 255, 255), 2.f}}) {
        draw->AddCircle(at, r, colour, 32, thickness);
        for (const ImVec2 d : {ImVec2(1, 0), ImVec2(-1, 0), ImVec2(0, 1), ImVec2(0, -1)})
            draw->AddLine(ImVec2(at.x + d.x * (r + 3), at.y + d.y * (r + 3)), ImVec2(at.x + d.x * (r + 14), at.y + d.y * (r + 14)), colour, thickness);
    }
    bool open = true;
    // It opens in the picture's corner farthest from the pixel, so that the marked pixel stays in sight.
    const bool right = at.x < p.left + p.width / 2, below = at.y < p.top + p.height / 2;
    ImGui::SetNextWindowPos(ImVec2(right ? p.left + p.width - 12 : p.left + 12, below ? p.top + p.height - 12 : p.top + 12), ImGuiCond_Appearing,
                            ImVec2(right ? 1.f : 0.f, below ? 1.f : 0.f));
    ImGui::SetNextWindowSize(ImVec2(std::min(640.f, p.width - 24), std::min(420.f, p.height - 24)), ImGuiCond_Appearing);
    char title[96];
    std::snprintf(title, sizeof title, "pixel inspector: (%d, %d)###pixel inspector", v.inspected->first, v.inspected->second);
    if (ImGui::Begin(title, &open, ImGuiWindowFlags_HorizontalScrollbar)) {
        ImGui::TextColored(kGrey, "a new run of the same frame: where threads race, their order may differ from the first");
        ImGui::TextUnformatted(v.inspection.c_str());
    }
    ImGui::End();
    return open;
}

}  // namespace racelab
