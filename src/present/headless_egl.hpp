// Headless GL: an EGL context on the NVIDIA device (EGL_EXT_device_enumeration + EGL_EXT_platform_device),
// choosing the EGL device whose EGL_CUDA_DEVICE_NV is the CUDA device in use, drawing into an offscreen
// framebuffer. GLFW 3.3 cannot start without a display, so this path does not use GLFW.
#pragma once
#include <string>

#include "present/gl_surface.hpp"

namespace racelab {

class HeadlessEglSurface final : public GlSurface {
public:
    // cudaDevice < 0: any EGL device (the build or machine has no CUDA).
    HeadlessEglSurface(int width, int height, int cudaDevice);
    ~HeadlessEglSurface() override;
    HeadlessEglSurface(const HeadlessEglSurface&) = delete;
    HeadlessEglSurface& operator=(const HeadlessEglSurface&) = delete;

    Size2 framebufferSize() const override { return {width_, height_}; }
    void bindForDrawing() override;
    void swap() override {}
    std::string description() const override { return description_; }
    void resize(int width, int height);

private:
    void createFramebuffer();
    void destroyFramebuffer();
    void* display_ = nullptr;
    void* context_ = nullptr;
    unsigned framebuffer_ = 0, colorBuffer_ = 0;
    int width_, height_;
    std::string description_;
};

}  // namespace racelab
