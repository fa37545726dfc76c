#include "present/frame_texture.hpp"

#include "present/gl_check.hpp"

namespace racelab {

bool FrameTexture::ensureSize(int width, int height) {
    RACELAB_REQUIRE(width > 0 && height > 0, "frame texture needs a non-empty size");
    if (width == width_ && height == height_ && pbo_) return false;
    destroy();
    GL_CHECK(glCreateBuffers(1, &pbo_));
    GL_CHECK(glNamedBufferData(pbo_, static_cast<GLsizeiptr>(width) * height * 4, nullptr, GL_STREAM_DRAW));
    GL_CHECK(glCreateTextures(GL_TEXTURE_2D, 1, &texture_));
    GL_CHECK(glTextureStorage2D(texture_, 1, GL_RGBA8, width, height));
    GL_CHECK(glTextureParameteri(texture_, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    GL_CHECK(glTextureParameteri(texture_, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
    GL_CHECK(glTextureParameteri(texture_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
    GL_CHECK(glTextureParameteri(texture_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
    width_ = width;
    height_ = height;
    return true;
}

void FrameTexture::uploadFromBuffer(GLuint buffer, bool wait) {
    GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer));
    GL_CHECK(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
    GL_CHECK(glTextureSubImage2D(texture_, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, nullptr));
    GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
    if (wait) glFinish();
}

void FrameTexture::destroy() {
    if (pbo_) glDeleteBuffers(1, &pbo_);
    if (texture_) glDeleteTextures(1, &texture_);
    pbo_ = texture_ = 0;
    width_ = height_ = 0;
}

}  // namespace racelab
