#include "present/headless_egl.hpp"

#include <glad/egl.h>
#include <vector>

#include "present/gl_check.hpp"
#include "present/gl_driver_pin.hpp"

namespace racelab {
namespace {

bool hasExtension(const char* list, const std::string& name) {
    if (!list) return false;
    std::string all = std::string(" ") + list + " ";
    return all.find(" " + name + " ") != std::string::npos;
}

}  // namespace

HeadlessEglSurface::HeadlessEglSurface(int width, int height, int cudaDevice) : width_(width), height_(height) {
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) throw Error("cannot load libEGL (install libegl1 and the GPU driver's EGL)");
    const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    // EGL_EXT_device_base is the older name for enumeration + query together (NVIDIA's driver reports it).
    const bool enumeration = hasExtension(clientExtensions, "EGL_EXT_device_enumeration") ||
                             hasExtension(clientExtensions, "EGL_EXT_device_base");
    if (!enumeration || !hasExtension(clientExtensions, "EGL_EXT_platform_device"))
        throw Error(std::string("EGL lacks EGL_EXT_device_enumeration (or _device_base) / EGL_EXT_platform_device, so there is no headless "
                                "GPU context here (EGL client extensions: ") +
                    (clientExtensions ? clientExtensions : "none") + ")");

    if (!eglQueryDevicesEXT || !eglQueryDeviceStringEXT || !eglGetPlatformDisplayEXT)
        throw Error("EGL advertises device enumeration but its entry points are missing");
    EGLint deviceCount = 0;
    EGL_CHECK(eglQueryDevicesEXT(0, nullptr, &deviceCount));
    std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(deviceCount));
    EGL_CHECK(eglQueryDevicesEXT(deviceCount, devices.data(), &deviceCount));
    EGLDeviceEXT chosen = nullptr;
    for (EGLDeviceEXT device : devices) {
        const char* deviceExtensions = eglQueryDeviceStringEXT(device, EGL_EXTENSIONS);
        EGLAttrib cudaOrdinal = -1;
        if (hasExtension(deviceExtensions, "EGL_NV_device_cuda"))
            eglQueryDeviceAttribEXT(device, EGL_CUDA_DEVICE_NV, &cudaOrdinal);
        if (cudaDevice < 0 ? true : cudaOrdinal == cudaDevice) {
            chosen = device;
            break;
        }
    }
    if (!chosen)
        throw Error("no EGL device matches CUDA device " + std::to_string(cudaDevice) + " (" +
                    std::to_string(deviceCount) + " EGL devices found)");

    EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, chosen, nullptr);
    EGL_CHECK(display != EGL_NO_DISPLAY);
    EGLint major = 0, minor = 0;
    EGL_CHECK(eglInitialize(display, &major, &minor));
    display_ = display;
    if (!gladLoaderLoadEGL(display)) throw Error("cannot load EGL 1.5 entry points for the device display");
    EGL_CHECK(eglBindAPI(EGL_OPENGL_API));
    const EGLint configAttributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                       EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint configs = 0;
    EGL_CHECK(eglChooseConfig(display, configAttributes, &config, 1, &configs) && configs > 0);
    const EGLint contextAttributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                                        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttributes);
    EGL_CHECK(context != EGL_NO_CONTEXT);
    context_ = context;
    // Surfaceless: all drawing goes into our own framebuffer object.
    EGL_CHECK(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));
    keepGlDriverLoadedUnderAddressSanitizer();
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)))
        throw Error("cannot load GL 4.5 core entry points through EGL");
    description_ = std::string("headless EGL ") + std::to_string(major) + "." + std::to_string(minor) + " on " +
                   reinterpret_cast<const char*>(glGetString(GL_RENDERER)) +
                   (cudaDevice >= 0 ? " (EGL device of CUDA device " + std::to_string(cudaDevice) + ")" : "");
    createFramebuffer();
}

HeadlessEglSurface::~HeadlessEglSurface() {
    if (context_) {
        destroyFramebuffer();
        eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(display_, context_);
    }
    if (display_) eglTerminate(display_);
}

void HeadlessEglSurface::createFramebuffer() {
    GL_CHECK(glCreateRenderbuffers(1, &colorBuffer_));
    GL_CHECK(glNamedRenderbufferStorage(colorBuffer_, GL_RGBA8, width_, height_));
    GL_CHECK(glCreateFramebuffers(1, &framebuffer_));
    GL_CHECK(glNamedFramebufferRenderbuffer(framebuffer_, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colorBuffer_));
    GLenum status = glCheckNamedFramebufferStatus(framebuffer_, GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) throw Error("offscreen framebuffer incomplete");
}

void HeadlessEglSurface::destroyFramebuffer() {
    if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
    if (colorBuffer_) glDeleteRenderbuffers(1, &colorBuffer_);
    framebuffer_ = colorBuffer_ = 0;
}

void HeadlessEglSurface::resize(int width, int height) {
    if (width == width_ && height == height_) return;
    destroyFramebuffer();
    width_ = width;
    height_ = height;
    createFramebuffer();
}

void HeadlessEglSurface::bindForDrawing() {
    GL_CHECK(glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_));
    GL_CHECK(glViewport(0, 0, width_, height_));
}

}  // namespace racelab
