// GL_CHECK and EGL_CHECK: the GL members of the check-macro family (see core/errors.hpp).
#pragma once
#include <glad/gl.h>

#include "core/errors.hpp"

namespace racelab {
const char* glErrorName(GLenum error);
const char* eglErrorName(int error);
}  // namespace racelab

#define GL_CHECK(expression)                                                                        \
    do {                                                                                            \
        expression;                                                                                 \
        GLenum racelab_gl_status = glGetError();                                                    \
        if (racelab_gl_status != GL_NO_ERROR)                                                       \
            ::racelab::throwCheckFailure("GL", #expression, ::racelab::glErrorName(racelab_gl_status), \
                                         __FILE__, __LINE__);                                      \
    } while (0)

// For EGL calls that return EGL_FALSE / EGL_NO_* on failure.
#define EGL_CHECK(expression)                                                                       \
    do {                                                                                            \
        if (!(expression))                                                                          \
            ::racelab::throwCheckFailure("EGL", #expression, ::racelab::eglErrorName(eglGetError()),  \
                                         __FILE__, __LINE__);                                      \
    } while (0)
