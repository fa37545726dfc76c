#include "ui/kernel_panel.hpp"

#include <imgui.h>

#include "userkernel/user_kernel.hpp"

namespace racelab {

KernelPanelActions drawKernelPanel(KernelPanelState& s) {
    KernelPanelActions actions;
    ImGui::SetNextItemOpen(s.kernel != nullptr, ImGuiCond_Once);
    if (!ImGui::CollapsingHeader("your kernel")) return actions;
    if (!s.familyTakesKernel) {
        ImGui::TextDisabled("the %s family takes no user kernel", s.sceneFamily.c_str());
        return actions;
    }
    ImGui::SetNextItemWidth(-90.f);
    const bool entered = ImGui::InputTextWithHint("##kernel", "my_kernel.cu (racelab new-kernel writes one)", s.path,
                                                  sizeof s.path, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    actions.load = ImGui::Button("load") || entered;
    if (!s.kernel) return actions;
    const userkernel::UserKernelStatus& st = s.kernel->status();
    const userkernel::KernelForm& form = s.kernel->form();
    ImGui::SameLine();
    actions.recompile = ImGui::Button("build");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("compile again now (every save of the file does it anyway)");
    ImGui::SameLine();
    actions.check = ImGui::Button("check");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("this frame against the CPU reference, rendered 4 times: wrong (a bug) or different between "
                          "runs (a race); switches to the diff or heat view");

    const bool ok = st.state == userkernel::KernelState::Running;
    const ImVec4 colour = ok ? ImVec4(.5f, .9f, .5f, 1.f)
                             : st.state == userkernel::KernelState::Compiling ? ImVec4(.9f, .9f, .5f, 1.f) : ImVec4(1.f, .45f, .4f, 1.f);
    ImGui::TextColored(colour, "%s: %s%s", s.kernel->variantName().c_str(), userkernel::kernelStateName(st.state),
                       !ok && st.runningBuild ? " (the last good build keeps running)" : "");
    if (st.builds > 0)
        ImGui::Text("build %d: %s", st.builds,
                    st.fromCache ? "from the cache"
                                 : (std::to_string(static_cast<int>(st.compileMs + .5)) + " ms in " + form.compiler).c_str());
    if (st.frames > 0 && form.stepsAreCalls && st.stepMs.size() == 3)
        ImGui::TextWrapped("last frame: clearImage %.3f + advanceAnimation %.3f + render %.3f ms, hand-over %.3f ms",
                           st.stepMs[0], st.stepMs[1], st.stepMs[2], st.handoffMs);
    else if (st.frames > 0)
        ImGui::Text("last frame: %.3f ms in its worker, hand-over %.3f ms", st.kernelMs, st.handoffMs);
    if (form.runsHostCode) {
        // Its host code runs on this machine: say in what.
        const bool sandboxed = st.sandbox == "bubblewrap";
        ImGui::TextColored(sandboxed ? ImVec4(.6f, .6f, .6f, 1.f) : ImVec4(1.f, .7f, .3f, 1.f), "host code: %s",
                           sandboxed ? "in racelab's sandbox (bubblewrap)" : ("not sandboxed, " + st.sandbox).c_str());
        if (!sandboxed && ImGui::IsItemHovered())
            ImGui::SetTooltip("install Debian's bubblewrap to run whole-file solutions in racelab's sandbox "
                              "(docs/HARDENING.md, section 8)");
    }
    if (!st.message.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ok ? ImGui::GetStyle().Colors[ImGuiCol_Text] : colour);
        ImGui::BeginChild("##kernel messages", ImVec2(0, 120), true);
        ImGui::PushTextWrapPos(0.f);  // wrapped to the panel: the headline FILE:LINE:COL: error: ... whole
        ImGui::TextUnformatted(st.message.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndChild();
        ImGui::PopStyleColor();
    }
    if (!s.checkReport.empty()) {
        ImGui::TextColored(s.checkPassed ? ImVec4(.5f, .9f, .5f, 1.f) : ImVec4(1.f, .45f, .4f, 1.f), "check: %s",
                           s.checkPassed ? "PASS" : "FAIL");
        ImGui::BeginChild("##kernel check", ImVec2(0, 140), true, ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::TextUnformatted(s.checkReport.c_str());
        ImGui::EndChild();
    }
    if (!form.accessChecksCover)
        ImGui::TextDisabled("find the race: not for whole-file solutions (their kernels are nvcc's, built beside their host code)");
    else
        actions.races = drawRaceFinder(s.races);
    if (!st.workerOutput.empty() && ImGui::TreeNode("its output (printf)")) {
        ImGui::TextUnformatted(st.workerOutput.c_str());
        ImGui::TreePop();
    }
    return actions;
}

}  // namespace racelab
