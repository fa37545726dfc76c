// Where the frame is finally drawn: a GLFW window's back buffer or a headless EGL context's offscreen
// framebuffer. The frame loop treats both alike.
#pragma once
#include "core/host_image.hpp"
#include "core/size_parse.hpp"

namespace racelab {

class GlSurface {
public:
    virtual ~GlSurface() = default;
    virtual Size2 framebufferSize() const = 0;   // 0x0 while a window is minimized
    virtual void bindForDrawing() = 0;           // binds the framebuffer and sets the viewport
    virtual void swap() = 0;                     // shows the frame (no-op headless)
    virtual bool closeRequested() const { return false; }
    virtual std::string description() const = 0; // GL renderer and how the context was made
    // Reads back what was drawn (before swap), bottom row first.
    HostImage readPixels();
};

}  // namespace racelab
