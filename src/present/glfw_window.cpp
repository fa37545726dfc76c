#include "present/glfw_window.hpp"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/address_sanitizer_build.hpp"

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

// In an AddressSanitizer build: keeps Mesa's DRI driver (swrast_dri.so under Xvfb) loaded after GLFW lets it
// go. GLFW unloads it at glfwTerminate; what the driver allocated for itself then has no owner LeakSanitizer
// can see, and it reports 112 bytes from "<unknown module>" at exit -- the driver's, not racelab's. Pinned
// (RTLD_NODELETE), its globals still point at them. Release builds never unload anything differently.
void keepGlDriverLoaded() {
    std::vector<std::string> drivers;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) {
            if (info->dlpi_name && std::strstr(info->dlpi_name, "/dri/"))
                static_cast<std::vector<std::string>*>(out)->push_back(info->dlpi_name);
            return 0;
        },
        &drivers);
    for (const std::string& driver : drivers) dlopen(driver.c_str(), RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
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
    if constexpr (kBuiltWithAddressSanitizer) keepGlDriverLoaded();
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
