// One slot that holds the latest thing put into it: a new one replaces the one not yet taken. What stands
// between the frame loop and a slower consumer (the encoder thread, a client's link), so the consumer
// always gets the most recent frame and the producer never waits and never queues stale ones.
#pragma once
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <utility>

namespace racelab::web {

template <typename T>
class LatestSlot {
public:
    // Replaces what is there; returns whether something was there (a frame the consumer never saw).
    bool put(T value) {
        bool replaced;
        {
            std::lock_guard lock(mutex_);
            replaced = value_.has_value();
            value_ = std::move(value);
            if (replaced) ++replacedCount_;
        }
        ready_.notify_one();
        return replaced;
    }
    std::optional<T> take() {
        std::lock_guard lock(mutex_);
        return std::exchange(value_, std::nullopt);
    }
    // Waits up to `timeout` for something to take (or close()); nullopt when there is nothing.
    std::optional<T> takeWithin(std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        ready_.wait_for(lock, timeout, [&] { return value_.has_value() || closed_; });
        return std::exchange(value_, std::nullopt);
    }
    bool empty() const {
        std::lock_guard lock(mutex_);
        return !value_.has_value();
    }
    // Wakes a waiting takeWithin for good (the consumer is stopping).
    void close() {
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        ready_.notify_all();
    }
    long replacedCount() const {  // values put over one not yet taken, since the start
        std::lock_guard lock(mutex_);
        return replacedCount_;
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::optional<T> value_;
    bool closed_ = false;
    long replacedCount_ = 0;
};

}  // namespace racelab::web
