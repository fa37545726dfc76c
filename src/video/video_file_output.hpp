// The file a video is written to. libavformat writes through callbacks (a custom AVIOContext) instead of
// opening the path as a URL, so a path is only ever a file name (never "pipe:", "http:" or an option) and a
// write error keeps its errno: a full disk says so. The video grows in "<path>.tmp" and is renamed to <path>
// once it is complete; a recording that fails is removed, so no half-written file ever carries the real name.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

struct AVIOContext;

namespace racelab {

class VideoFileOutput {
public:
    // Creates "<path>.tmp"; a UsageError naming the path and the reason when it cannot.
    explicit VideoFileOutput(std::string path);
    ~VideoFileOutput();  // removes the temporary file unless commit() succeeded
    VideoFileOutput(const VideoFileOutput&) = delete;
    VideoFileOutput& operator=(const VideoFileOutput&) = delete;

    AVIOContext* io() { return io_; }
    // Flushes, closes and renames the file to its real name; an Error with the reason when that fails.
    void commit();
    // Closes and removes the temporary file (a failed recording).
    void discard();
    const std::string& path() const { return path_; }
    std::uint64_t bytesWritten() const { return bytes_.load(std::memory_order_relaxed); }
    // The first write error ("cannot write 'x.mp4': No space left on device"), "" while there is none.
    const std::string& writeError() const { return writeError_; }

private:
    static int writePacket(void* opaque, const std::uint8_t* data, int size);
    static std::int64_t seek(void* opaque, std::int64_t offset, int whence);
    void close();

    std::string path_, temporary_;
    int fd_ = -1;
    AVIOContext* io_ = nullptr;
    std::atomic<std::uint64_t> bytes_{0};  // the file's size so far (read by the viewer's panel)
    std::uint64_t position_ = 0;
    std::string writeError_;
    bool committed_ = false;
};

}  // namespace racelab
