// A video encoded off the caller's thread: frames go into a bounded queue and one encoder thread writes them
// (video/video_encoder.hpp). When the queue is full a frame is either dropped and counted (QueuePolicy::Drop:
// the viewer's window never waits for the encoder) or the caller waits for room (Wait: every frame is
// recorded, for scripted runs). Buffers are reused, so a recording allocates its frames once.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "video/video_encoder.hpp"

namespace racelab {

enum class QueuePolicy { Drop, Wait };

class VideoWriter {
public:
    // Opens the encoder (errors as VideoEncoder's) and starts its thread. `queueBytes` bounds the frames
    // waiting (at least 3 are always allowed).
    VideoWriter(const std::string& path, VideoSettings settings, QueuePolicy policy,
                std::size_t queueBytes = std::size_t(192) << 20);
    ~VideoWriter();  // without finish(): stops the thread and removes the file
    VideoWriter(const VideoWriter&) = delete;
    VideoWriter& operator=(const VideoWriter&) = delete;

    // A buffer to fill for submit() (reused from earlier frames when one is free).
    VideoFrame takeBuffer();
    // Queues the frame; false when it was dropped (queue full under Drop, or the writer has failed).
    bool submit(VideoFrame frame);
    // Waits for the queue to empty, completes the file and names it; throws Error (the writer's first error).
    void finish();

    // The first error of the encoder thread ("" while there is none); after one, frames are refused.
    std::string error() const;
    std::uint64_t bytesWritten() const { return encoder_->bytesWritten(); }
    long framesWritten() const { return written_.load(); }
    long framesDropped() const { return dropped_.load(); }
    const std::string& path() const { return encoder_->path(); }
    const VideoFormat& format() const { return encoder_->format(); }

private:
    void run();

    std::unique_ptr<VideoEncoder> encoder_;
    QueuePolicy policy_;
    std::size_t queueBytes_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<VideoFrame> queue_;
    std::vector<VideoFrame> free_;
    std::size_t queuedBytes_ = 0;
    bool closing_ = false;
    std::string error_;
    std::atomic<long> written_{0}, dropped_{0};
    std::thread thread_;
};

}  // namespace racelab
