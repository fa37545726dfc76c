#include "present/pixel_readback.hpp"

#include "core/errors.hpp"
#include "present/gl_check.hpp"

namespace racelab {

PixelReadbackRing::PixelReadbackRing(int slots) : slots_(static_cast<std::size_t>(slots)) {
    RACELAB_REQUIRE(slots >= 2, "a read-back ring needs at least two slots");
}

PixelReadbackRing::~PixelReadbackRing() {
    for (Slot& s : slots_) {
        if (s.fence) glDeleteSync(s.fence);
        if (s.buffer) glDeleteBuffers(1, &s.buffer);
    }
}

int PixelReadbackRing::inFlight() const { return pending_; }

void PixelReadbackRing::read(const PixelRect& rect, const ReadbackTag& tag, const ReadbackSink& sink) {
    RACELAB_REQUIRE(rect.width > 0 && rect.height > 0, "a read-back needs a non-empty rectangle");
    collect(sink);
    if (pending_ == static_cast<int>(slots_.size())) finishOldest(sink, true);
    Slot& s = slots_[next_];
    const std::size_t bytes = static_cast<std::size_t>(rect.width) * rect.height * 4;
    if (!s.buffer) GL_CHECK(glCreateBuffers(1, &s.buffer));
    if (s.capacity < bytes) {  // GL_STREAM_READ: written by GL once, read by the CPU once
        GL_CHECK(glNamedBufferData(s.buffer, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ));
        s.capacity = bytes;
    }
    GL_CHECK(glBindBuffer(GL_PIXEL_PACK_BUFFER, s.buffer));
    GL_CHECK(glPixelStorei(GL_PACK_ALIGNMENT, 4));
    GL_CHECK(glReadPixels(rect.x, rect.y, rect.width, rect.height, GL_RGBA, GL_UNSIGNED_BYTE, nullptr));
    GL_CHECK(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
    s.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    s.width = rect.width;
    s.height = rect.height;
    s.tag = tag;
    next_ = (next_ + 1) % slots_.size();
    ++pending_;
}

void PixelReadbackRing::handOver(const ReadbackSink& sink, bool wait) {
    while (pending_ > 0 && finishOldest(sink, wait)) {
    }
}

// Maps the oldest slot and hands its pixels over; false (nothing done) while its read is still running and
// `wait` is off.
bool PixelReadbackRing::finishOldest(const ReadbackSink& sink, bool wait) {
    Slot& s = slots_[oldest_];
    const GLenum state = glClientWaitSync(s.fence, wait ? GL_SYNC_FLUSH_COMMANDS_BIT : 0, wait ? GLuint64(10'000'000'000) : 0);
    if (state == GL_TIMEOUT_EXPIRED && !wait) return false;
    if (state == GL_WAIT_FAILED || state == GL_TIMEOUT_EXPIRED) throw Error("reading the frame back: GL's fence never passed");
    glDeleteSync(s.fence);
    s.fence = nullptr;
    const std::size_t bytes = static_cast<std::size_t>(s.width) * s.height * 4;
    const void* pixels = glMapNamedBufferRange(s.buffer, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
    if (!pixels) throw Error("reading the frame back: GL cannot map the pixel buffer");
    oldest_ = (oldest_ + 1) % slots_.size();
    --pending_;
    try {
        sink(static_cast<const std::uint8_t*>(pixels), s.width, s.height, s.tag);
    } catch (...) {
        glUnmapNamedBuffer(s.buffer);
        throw;
    }
    GL_CHECK(glUnmapNamedBuffer(s.buffer));
    return true;
}

}  // namespace racelab
