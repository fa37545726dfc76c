#include "present/mask_texture.hpp"

#include "present/gl_check.hpp"

namespace racelab {

MaskTexture::~MaskTexture() { clear(); }

void MaskTexture::clear() {
    if (texture_) glDeleteTextures(1, &texture_);
    texture_ = 0;
}

void MaskTexture::upload(const std::vector<std::uint8_t>& mask, int width, int height, std::uint32_t rgba) {
    clear();
    if (width <= 0 || height <= 0 || mask.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) return;
    std::vector<std::uint32_t> pixels(mask.size());
    for (std::size_t i = 0; i < mask.size(); ++i) pixels[i] = mask[i] ? rgba : 0u;
    GL_CHECK(glGenTextures(1, &texture_));
    GL_CHECK(glBindTexture(GL_TEXTURE_2D, texture_));
    GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
    GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
    GL_CHECK(glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
    GL_CHECK(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
    GL_CHECK(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));  // from client memory, not a presenter's pixel buffer
    GL_CHECK(glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data()));
    GL_CHECK(glBindTexture(GL_TEXTURE_2D, 0));
}

}  // namespace racelab
