// Draws the frame texture over the bound framebuffer with one full-screen triangle (shaders/blit.*).
#pragma once
#include <glad/gl.h>

namespace racelab {

class Blit {
public:
    Blit();
    ~Blit();
    Blit(const Blit&) = delete;
    Blit& operator=(const Blit&) = delete;
    void draw(GLuint texture);

private:
    GLuint program_ = 0, vertexArray_ = 0;
};

}  // namespace racelab
