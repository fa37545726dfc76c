#include "video/video_writer.hpp"

#include "core/errors.hpp"

namespace racelab {

VideoWriter::VideoWriter(const std::string& path, VideoSettings settings, QueuePolicy policy, std::size_t queueBytes)
    : encoder_(std::make_unique<VideoEncoder>(path, settings)), policy_(policy), queueBytes_(queueBytes) {
    thread_ = std::thread([this] { run(); });
}

VideoWriter::~VideoWriter() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
        queue_.clear();
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

VideoFrame VideoWriter::takeBuffer() {
    std::lock_guard lock(mutex_);
    if (free_.empty()) return {};
    VideoFrame frame = std::move(free_.back());
    free_.pop_back();
    return frame;
}

bool VideoWriter::submit(VideoFrame frame) {
    std::unique_lock lock(mutex_);
    const std::size_t bytes = frame.rgba.size();
    auto full = [&] { return queue_.size() >= 3 && queuedBytes_ + bytes > queueBytes_; };
    if (policy_ == QueuePolicy::Wait) changed_.wait(lock, [&] { return !full() || !error_.empty() || closing_; });
    if (!error_.empty() || closing_ || full()) {
        ++dropped_;
        free_.push_back(std::move(frame));
        return false;
    }
    queuedBytes_ += bytes;
    queue_.push_back(std::move(frame));
    lock.unlock();
    changed_.notify_all();
    return true;
}

void VideoWriter::run() {
    for (;;) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !queue_.empty() || closing_; });
        if (queue_.empty()) return;  // closing, and everything is written
        VideoFrame frame = std::move(queue_.front());
        queue_.pop_front();
        lock.unlock();
        std::string failure;
        try {
            if (encoder_->write(frame)) ++written_;
        } catch (const Error& e) {
            failure = e.what();
        }
        lock.lock();
        queuedBytes_ -= frame.rgba.size();
        free_.push_back(std::move(frame));
        if (!failure.empty() && error_.empty()) {
            error_ = failure;
            dropped_ += static_cast<long>(queue_.size());
            for (auto& waiting : queue_) free_.push_back(std::move(waiting));
            queue_.clear();
            queuedBytes_ = 0;
        }
        lock.unlock();
        changed_.notify_all();
    }
}

void VideoWriter::finish() {
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
    try {
        if (!error_.empty()) throw Error(error_);
        encoder_->finish();
    } catch (const Error&) {
        encoder_->abandon();  // no half-written video under the real name, nor its temporary file
        throw;
    }
}

std::string VideoWriter::error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

}  // namespace racelab
