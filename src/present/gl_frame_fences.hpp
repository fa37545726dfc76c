// Bounds how far GL runs behind the CPU with frames in flight: one fence after each frame's GL work, and
// before a new frame goes out the CPU waits for the fence of the frame `depth - 1` before it. With depth 1
// it is glFinish, as when frames go one at a time.
#pragma once
#include <vector>

#include <glad/gl.h>

namespace racelab {

class GlFrameFences {
public:
    GlFrameFences() = default;
    ~GlFrameFences() { clear(); }
    GlFrameFences(const GlFrameFences&) = delete;
    GlFrameFences& operator=(const GlFrameFences&) = delete;

    void setDepth(int depth);  // drops the fences (the next frames start a new ring)
    // After a frame's GL work: fence it, then wait for the frame depth - 1 before (glFinish at depth 1).
    void endFrame();

private:
    void clear();
    int depth_ = 1;
    std::vector<GLsync> fences_;  // oldest first
};

}  // namespace racelab
