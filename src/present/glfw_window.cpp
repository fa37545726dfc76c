#include "present/glfw_window.hpp"

#include <cstdlib>

#include "present/gl_driver_pin.hpp"

#include "present/gl_check.hpp"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace racelab {
namespace {

std::string lastGlfwError() {
    const char* text = nullptr;
    glfwGetError(&text);
    return text ? text : "unknown GLFW error";
}

}  // namespace

std::string GlfwWindow::displayUnavailableReason() {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!display || !*display) && (!wayland || !*wayland)) return "no display (DISPLAY is not set)";
    return {};
}

GlfwWindow::GlfwWindow(int width, int height, const std::string& title) {
    if (!glfwInit()) throw Error("cannot start GLFW: " + lastGlfwError());
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!window_) {
        std::string why = lastGlfwError();
        glfwTerminate();
        throw Error("cannot open a GL 4.5 core window: " + why);
    }
    glfwMakeContextCurrent(window_);
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw Error("cannot load GL 4.5 core entry points");
    }
    keepGlDriverLoadedUnderAddressSanitizer();
    description_ = std::string("GLFW window, ") + reinterpret_cast<const char*>(glGetString(GL_VENDOR)) + " " +
                   reinterpret_cast<const char*>(glGetString(GL_RENDERER));
}

GlfwWindow::~GlfwWindow() {
    if (window_) glfwDestroyWindow(window_);
    glfwTerminate();
}

Size2 GlfwWindow::framebufferSize() const {
    Size2 size;
    glfwGetFramebufferSize(window_, &size.width, &size.height);
    return size;
}

void GlfwWindow::bindForDrawing() {
    Size2 size = framebufferSize();
    GL_CHECK(glBindFramebuffer(GL_FRAMEBUFFER, 0));
    GL_CHECK(glViewport(0, 0, size.width, size.height));
}

void GlfwWindow::swap() { glfwSwapBuffers(window_); }
bool GlfwWindow::closeRequested() const { return glfwWindowShouldClose(window_); }
void GlfwWindow::setVsync(bool on) { glfwSwapInterval(on ? 1 : 0); }
void GlfwWindow::pollEvents() { glfwPollEvents(); }
void GlfwWindow::waitEvents(double seconds) { glfwWaitEventsTimeout(seconds); }

}  // namespace racelab
