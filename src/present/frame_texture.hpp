// The GL objects every presenter shares: an RGBA8 pixel buffer (PBO) and an immutable texture
// (glTexStorage2D) that the blit samples. Recreated only when the size changes.
#pragma once
#include <glad/gl.h>

namespace racelab {

class FrameTexture {
public:
    FrameTexture() = default;
    ~FrameTexture() { destroy(); }
    FrameTexture(const FrameTexture&) = delete;
    FrameTexture& operator=(const FrameTexture&) = delete;

    // Returns true when the objects were recreated (callers re-register the PBO then).
    bool ensureSize(int width, int height);
    // Copies the PBO into the texture and waits for it (glFinish), so the upload time is honest.
    void uploadFromPbo();
    GLuint pbo() const { return pbo_; }
    GLuint texture() const { return texture_; }
    int width() const { return width_; }
    int height() const { return height_; }

private:
    void destroy();
    GLuint pbo_ = 0, texture_ = 0;
    int width_ = 0, height_ = 0;
};

}  // namespace racelab
