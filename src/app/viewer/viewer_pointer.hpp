// The pointer over the viewer's scene, as the scene's input: outside the panel a left-button drag and the
// wheel go to the scene (the mesh scene orbits and zooms), the right button paints, and positions are in the
// scene's frame pixels (row 0 at the bottom). In the wipe view a drag that starts on the divider moves the
// divider instead.
#pragma once
#include "frame/frame_controls.hpp"
#include "scenes/scene.hpp"  // PointerInput

namespace racelab {

class ScenePointer {
public:
    // ImGui's pointer this frame, for a scene `sceneWidth` pixels wide drawn right of the framebuffer's first
    // `left` columns in a framebuffer `framebufferHeight` tall; moves `controls.wipe` while the divider is held.
    PointerInput read(FrameControls& controls, int left, int sceneWidth, int framebufferHeight);

private:
    bool draggingDivider_ = false;  // the wipe view's divider follows the pointer
};

}  // namespace racelab
