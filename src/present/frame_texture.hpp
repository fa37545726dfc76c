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
    // Copies the PBO (or another pixel buffer of this size) into the texture. `wait`: glFinish after it, so
    // the upload time is honest (frames one at a time); without it GL orders the copy before the blit itself.
    void uploadFromPbo(bool wait) { uploadFromBuffer(pbo_, wait); }
    void uploadFromBuffer(GLuint buffer, bool wait);
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
