#include "present/gl_surface.hpp"

#include "present/gl_check.hpp"

namespace racelab {

HostImage GlSurface::readPixels() {
    Size2 size = framebufferSize();
    HostImage image(size.width, size.height);
    if (size.width == 0 || size.height == 0) return image;
    bindForDrawing();
    GL_CHECK(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
    GL_CHECK(glPixelStorei(GL_PACK_ALIGNMENT, 1));
    GL_CHECK(glReadPixels(0, 0, size.width, size.height, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data()));
    return image;
}

}  // namespace racelab
