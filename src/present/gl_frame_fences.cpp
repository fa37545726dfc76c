#include "present/gl_frame_fences.hpp"

#include "core/errors.hpp"

namespace racelab {

void GlFrameFences::setDepth(int depth) {
    RACELAB_REQUIRE(depth >= 1, "frames in flight must be at least 1");
    clear();
    depth_ = depth;
}

void GlFrameFences::endFrame() {
    if (depth_ == 1) {
        glFinish();
        return;
    }
    fences_.push_back(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
    while (static_cast<int>(fences_.size()) >= depth_) {
        GLsync oldest = fences_.front();
        // Flush so the fence reaches the GPU; a frame that GL has not finished in ten seconds is an error, not
        // a silent hang.
        GLenum r = GL_TIMEOUT_EXPIRED;
        for (int second = 0; second < 10 && r == GL_TIMEOUT_EXPIRED; ++second)
            r = glClientWaitSync(oldest, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
        if (r == GL_WAIT_FAILED || r == GL_TIMEOUT_EXPIRED) {
            clear();
            throw Error(r == GL_WAIT_FAILED ? "glClientWaitSync failed: the GL context is lost"
                                            : "GL did not finish a frame in 10 s");
        }
        glDeleteSync(oldest);
        fences_.erase(fences_.begin());
    }
}

void GlFrameFences::clear() {
    for (GLsync f : fences_) glDeleteSync(f);
    fences_.clear();
}

}  // namespace racelab
