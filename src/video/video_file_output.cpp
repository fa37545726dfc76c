#include "video/video_file_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "core/errors.hpp"
#include "core/fault_injection.hpp"

extern "C" {
#include <libavformat/avio.h>
#include <libavutil/mem.h>
}

namespace racelab {
namespace {

constexpr int kIoBufferBytes = 1 << 16;

// libavformat 61 (FFmpeg 7) made the write callback's buffer const; Debian 12's 59 has it mutable.
#if LIBAVFORMAT_VERSION_MAJOR >= 61
using WriteBuffer = const std::uint8_t*;
#else
using WriteBuffer = std::uint8_t*;
#endif

}  // namespace

VideoFileOutput::VideoFileOutput(std::string path) : path_(std::move(path)), temporary_(path_ + ".tmp") {
    if (path_.empty()) throw UsageError("the video's path is empty");
    fd_ = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw UsageError("cannot write the video '" + path_ + "': " + std::strerror(errno) +
                         " (check that the folder exists and is writable)");
    auto* buffer = static_cast<unsigned char*>(av_malloc(kIoBufferBytes));
    io_ = buffer ? avio_alloc_context(buffer, kIoBufferBytes, 1, this, nullptr,
                                      [](void* o, WriteBuffer data, int size) { return writePacket(o, data, size); }, &seek)
                 : nullptr;
    if (!io_) {
        av_free(buffer);
        close();
        std::remove(temporary_.c_str());
        throw Error("cannot allocate the video's write buffer");
    }
}

VideoFileOutput::~VideoFileOutput() {
    if (!committed_) discard();
    if (io_) {
        av_freep(&io_->buffer);
        avio_context_free(&io_);
    }
}

int VideoFileOutput::writePacket(void* opaque, const std::uint8_t* data, int size) {
    auto* self = static_cast<VideoFileOutput*>(opaque);
    if (!self->writeError_.empty()) return AVERROR(EIO);
    const long long limit = faultInjection().failVideoWriteAfterBytes;
    int written = 0;
    while (written < size) {
        ssize_t n;
        if (limit >= 0 && self->position_ + static_cast<std::uint64_t>(size) > static_cast<std::uint64_t>(limit)) {
            errno = ENOSPC;  // RACELAB_FAIL_VIDEO_WRITE: the disk is full from here on
            n = -1;
        } else {
            n = ::write(self->fd_, data + written, static_cast<std::size_t>(size - written));
        }
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int error = n < 0 ? errno : EIO;
            self->writeError_ = "cannot write the video '" + self->path_ + "': " + std::strerror(error);
            return AVERROR(error);
        }
        written += static_cast<int>(n);
    }
    self->position_ += static_cast<std::uint64_t>(size);
    if (self->position_ > self->bytes_.load(std::memory_order_relaxed))
        self->bytes_.store(self->position_, std::memory_order_relaxed);
    return size;
}

std::int64_t VideoFileOutput::seek(void* opaque, std::int64_t offset, int whence) {
    auto* self = static_cast<VideoFileOutput*>(opaque);
    if (whence & AVSEEK_SIZE) return static_cast<std::int64_t>(self->bytes_.load(std::memory_order_relaxed));
    const off_t at = ::lseek(self->fd_, static_cast<off_t>(offset), whence & ~AVSEEK_FORCE);
    if (at < 0) return AVERROR(errno);
    self->position_ = static_cast<std::uint64_t>(at);
    return at;
}

void VideoFileOutput::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

void VideoFileOutput::commit() {
    avio_flush(io_);
    if (!writeError_.empty()) throw Error(writeError_);
    if (::fsync(fd_) != 0 && errno != EINVAL)
        throw Error("cannot write the video '" + path_ + "': " + std::strerror(errno));
    if (::close(fd_) != 0) {
        fd_ = -1;
        throw Error("cannot write the video '" + path_ + "': " + std::strerror(errno));
    }
    fd_ = -1;
    if (std::rename(temporary_.c_str(), path_.c_str()) != 0)
        throw Error("cannot name the video '" + path_ + "': " + std::strerror(errno));
    committed_ = true;
}

void VideoFileOutput::discard() {
    close();
    std::remove(temporary_.c_str());
}

}  // namespace racelab
