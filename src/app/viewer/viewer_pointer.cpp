#include "app/viewer/viewer_pointer.hpp"

#include <algorithm>
#include <cmath>

#include <imgui.h>

namespace racelab {

PointerInput ScenePointer::read(FrameControls& controls, int left, int sceneWidth, int framebufferHeight) {
    const ImGuiIO& io = ImGui::GetIO();
    PointerInput input;
    const float mouseX = io.MousePos.x * io.DisplayFramebufferScale.x - static_cast<float>(left);
    const float width = static_cast<float>(sceneWidth);
    if (!io.WantCaptureMouse) {
        const float divider = controls.wipe * width;
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
            draggingDivider_ = controls.view == RaceView::Wipe && std::abs(mouseX - divider) < 12.f;
        if (draggingDivider_ && ImGui::IsMouseDown(ImGuiMouseButton_Left))
            controls.wipe = std::clamp(mouseX / width, 0.f, 1.f);
        else if (ImGui::IsMouseDown(ImGuiMouseButton_Left))
            input.dragX = io.MouseDelta.x, input.dragY = io.MouseDelta.y;
        input.wheel = io.MouseWheel;
        input.x = mouseX;
        input.y = static_cast<float>(framebufferHeight) - io.MousePos.y * io.DisplayFramebufferScale.y;
        input.paint = ImGui::IsMouseDown(ImGuiMouseButton_Right);
        input.paintReleased = ImGui::IsMouseReleased(ImGuiMouseButton_Right);
    }
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) draggingDivider_ = false;
    return input;
}

}  // namespace racelab
