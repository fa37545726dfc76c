#include "present/blit.hpp"

#include <string>

#include "present/gl_check.hpp"
#include "racelab/embedded_shaders.hpp"

namespace racelab {
namespace {

GLuint compileShader(GLenum type, const char* source, const char* name) {
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        glDeleteShader(shader);
        throw Error(std::string("shader ") + name + " does not compile: " + log);
    }
    return shader;
}

}  // namespace

Blit::Blit() {
    GLuint vertex = compileShader(GL_VERTEX_SHADER, shaders::blit_vert, "blit.vert");
    GLuint fragment = compileShader(GL_FRAGMENT_SHADER, shaders::blit_frag, "blit.frag");
    program_ = glCreateProgram();
    glAttachShader(program_, vertex);
    glAttachShader(program_, fragment);
    glLinkProgram(program_);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) throw Error("blit program does not link");
    GL_CHECK(glCreateVertexArrays(1, &vertexArray_));  // core profile needs one bound even without attributes
}

Blit::~Blit() {
    if (program_) glDeleteProgram(program_);
    if (vertexArray_) glDeleteVertexArrays(1, &vertexArray_);
}

void Blit::draw(GLuint texture) {
    GL_CHECK(glDisable(GL_BLEND));
    GL_CHECK(glDisable(GL_DEPTH_TEST));
    GL_CHECK(glDisable(GL_SCISSOR_TEST));
    GL_CHECK(glUseProgram(program_));
    GL_CHECK(glBindTextureUnit(0, texture));
    GL_CHECK(glUniform1i(glGetUniformLocation(program_, "frame"), 0));
    GL_CHECK(glBindVertexArray(vertexArray_));
    GL_CHECK(glDrawArrays(GL_TRIANGLES, 0, 3));
    GL_CHECK(glBindVertexArray(0));
}

}  // namespace racelab
