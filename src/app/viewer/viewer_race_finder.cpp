#include "app/viewer/viewer_race_finder.hpp"

#include <imgui.h>

namespace racelab {
namespace {

constexpr std::uint32_t kRacingPixelColour = 0xd8ffe600u;  // RGBA bytes 00 e6 ff d8: cyan, not the diff view's magenta

}  // namespace

void ViewerRaceFinder::update(PreparedScene& prepared, const FrameControls& controls, Size2 size, const SceneRect& scene,
                              RaceFinderView& view) {
    if (finder_.update(prepared, controls, size, view)) {
        const userkernel::RacingPixels& pixels = finder_.racingPixels();
        overlay_.upload(pixels.mask, pixels.width, pixels.height, kRacingPixelColour);
        view.overlayTexture = overlay_.texture();
    }
    if (view.stage != RaceFinderView::Stage::Done) return;
    const ImGuiIO& io = ImGui::GetIO();
    const bool click = !io.WantCaptureMouse && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 9.f;
    if (!click) return;
    if (const auto pixel = framePixelAt(view, scene, io.MousePos.x, io.MousePos.y)) finder_.inspect(prepared, *pixel, view);
}

}  // namespace racelab
