// The viewer's resizable window: GLFW 3.3 with a GL 4.5 core context, loaded through glad.
#pragma once
#include <string>

#include "present/gl_surface.hpp"

struct GLFWwindow;

namespace racelab {

class GlfwWindow final : public GlSurface {
public:
    // Throws Error when there is no display or no GL 4.5 context can be made.
    GlfwWindow(int width, int height, const std::string& title);
    ~GlfwWindow() override;
    GlfwWindow(const GlfwWindow&) = delete;
    GlfwWindow& operator=(const GlfwWindow&) = delete;

    Size2 framebufferSize() const override;
    void bindForDrawing() override;
    void swap() override;
    bool closeRequested() const override;
    std::string description() const override { return description_; }

    void setVsync(bool on);
    void pollEvents();
    void waitEvents(double seconds);
    GLFWwindow* handle() const { return window_; }

    // Why a window cannot open here (empty when a display seems available).
    static std::string displayUnavailableReason();

private:
    GLFWwindow* window_ = nullptr;
    std::string description_;
};

}  // namespace racelab
