#include "ui/time_bars.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "core/stats.hpp"

namespace racelab {
namespace {

struct Segment {
    std::string label;
    double us;
};

ImU32 colourOf(std::size_t i) {
    static const ImU32 palette[] = {IM_COL32(86, 180, 233, 255), IM_COL32(230, 159, 0, 255), IM_COL32(0, 158, 115, 255),
                                    IM_COL32(240, 228, 66, 255), IM_COL32(204, 121, 167, 255), IM_COL32(213, 94, 0, 255),
                                    IM_COL32(0, 114, 178, 255), IM_COL32(150, 150, 150, 255)};
    return palette[i % (sizeof palette / sizeof palette[0])];
}

// One bar of `total` µs, its segments in order, then a line per segment (largest first, at most 6).
void drawBar(const char* title, const std::vector<Segment>& segments, double total) {
    ImGui::Text("%s: %.1f us", title, total);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x, height = 14.f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), IM_COL32(40, 40, 48, 255));
    float x = origin.x;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const float w = total > 0 ? static_cast<float>(segments[i].us / total) * width : 0.f;
        draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + w, origin.y + height), colourOf(i));
        x += w;
    }
    ImGui::Dummy(ImVec2(width, height));
    std::vector<std::size_t> order(segments.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return segments[a].us > segments[b].us; });
    for (std::size_t k = 0; k < std::min<std::size_t>(order.size(), 6); ++k) {
        const Segment& s = segments[order[k]];
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colourOf(order[k])), "  %-34s %8.1f us %4.0f %%",
                           s.label.c_str(), s.us, total > 0 ? 100.0 * s.us / total : 0.0);
    }
}

double medianOf(const RingBuffer<FrameTiming>& frames, double FrameTiming::*field) {
    std::vector<double> values;
    for (std::size_t i = 0; i < frames.size(); ++i) values.push_back(frames[i].*field);
    return summarize(values).p50;
}

}  // namespace

void sampleSteps(std::vector<KernelStat>& steps) {
    KernelTiming& timing = KernelTiming::instance();
    if (!timing.enabled()) {
        if (!steps.empty() || timing.framesTimed() > 0) steps.clear(), timing.clear();
        return;
    }
    timing.closeFrame();
    if (timing.framesTimed() >= 30) {
        steps = timing.summary();
        timing.clear();
    }
}

void drawTimeBars(const FrameHistory& history, const std::vector<KernelStat>& steps, bool stepsOn) {
    if (history.frames.size() == 0) return;
    // Medians per stage (ms -> µs); "other" is what the frame's median holds beyond the stages' medians.
    const double frame = 1000.0 * medianOf(history.frames, &FrameTiming::frameMs);
    std::vector<Segment> stages = {{"kernel", 1000.0 * medianOf(history.frames, &FrameTiming::kernelMs)},
                                   {"map", 1000.0 * medianOf(history.frames, &FrameTiming::mapMs)},
                                   {"unmap / download", 1000.0 * medianOf(history.frames, &FrameTiming::unmapMs)},
                                   {"upload", 1000.0 * medianOf(history.frames, &FrameTiming::uploadMs)},
                                   {"present (blit, UI, swap)", 1000.0 * medianOf(history.frames, &FrameTiming::presentMs)}};
    double sum = 0;
    for (const Segment& s : stages) sum += s.us;
    stages.push_back({"other (host work, waits)", std::max(0.0, frame - sum)});
    drawBar("frame by stage (median of the last frames)", stages, std::max(frame, sum));
    if (!stepsOn) {
        ImGui::TextDisabled("turn on per-step timing to split the kernel stage by GPU step");
        return;
    }
    std::vector<Segment> parts;
    double total = 0;
    for (const KernelStat& s : steps) parts.push_back({s.name, s.p50Us}), total += s.p50Us;
    if (parts.empty()) {
        ImGui::TextDisabled("no GPU steps timed yet (cuda backend only)");
        return;
    }
    drawBar("kernel stage by GPU step (CUDA events)", parts, total);
}

}  // namespace racelab
