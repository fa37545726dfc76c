// A picture of a mask for ImGui to draw over the scene (the viewer's racing pixels): one RGBA8 texture, each
// set byte of the mask a pixel of one colour, the rest transparent. Pixels stay sharp when scaled (nearest).
#pragma once
#include <glad/gl.h>

#include <cstdint>
#include <vector>

namespace racelab {

class MaskTexture {
public:
    MaskTexture() = default;
    ~MaskTexture();
    MaskTexture(const MaskTexture&) = delete;
    MaskTexture& operator=(const MaskTexture&) = delete;

    // `mask` holds width * height bytes, row 0 first (the texture's row 0); `rgba` the set pixels' colour.
    void upload(const std::vector<std::uint8_t>& mask, int width, int height, std::uint32_t rgba);
    void clear();
    GLuint texture() const { return texture_; }

private:
    GLuint texture_ = 0;
};

}  // namespace racelab
