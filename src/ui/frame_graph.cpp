#include "ui/frame_graph.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#include <imgui.h>

#include "core/stats.hpp"

namespace racelab {
namespace {

void plotSeries(const char* id, const char* label, const std::vector<float>& values, float scaleMax) {
    std::vector<double> samples(values.begin(), values.end());
    Summary s = summarize(samples);
    char overlay[128];
    std::snprintf(overlay, sizeof overlay, "%s  p50 %.3f  p99 %.3f  max %.3f ms", label, s.p50, s.p99, s.max);
    ImGui::PlotLines(id, values.data(), static_cast<int>(values.size()), 0, overlay, 0.f, scaleMax, ImVec2(ImGui::GetContentRegionAvail().x, 70));  // 1.86's PlotLines takes no -1 width
}

}  // namespace

void drawFrameGraph(const FrameHistory& history) {
    std::vector<float> frame, kernel;
    for (std::size_t i = 0; i < history.frames.size(); ++i) {
        frame.push_back(static_cast<float>(history.frames[i].frameMs));
        kernel.push_back(static_cast<float>(history.frames[i].kernelMs));
    }
    // One scale for both plots so kernel time reads as a share of the frame.
    float scaleMax = 0.f;
    for (float ms : frame) scaleMax = std::max(scaleMax, ms);
    scaleMax = std::max(scaleMax * 1.1f, 0.1f);
    plotSeries("##frame", "frame", frame, scaleMax);
    plotSeries("##kernel", "kernel", kernel, scaleMax);
}

}  // namespace racelab
