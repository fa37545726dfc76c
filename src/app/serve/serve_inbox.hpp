// The clients' requests on their way from the server's thread to the frame loop, which applies them between
// frames (as the viewer applies its panel's). Bounded: a client that sends faster than the loop draws loses
// requests beyond kMaxWaiting (counted), never the server's memory.
#pragma once
#include <mutex>
#include <utility>
#include <vector>

#include "web/web_server.hpp"

namespace racelab {

struct ClientRequestFrom {
    web::ClientId client = 0;
    web::ClientMessage message;
};

class ServeInbox {
public:
    static constexpr std::size_t kMaxWaiting = 1024;

    void put(web::ClientId client, const web::ClientMessage& message) {
        std::lock_guard lock(mutex_);
        if (waiting_.size() >= kMaxWaiting) {
            ++dropped_;
            return;
        }
        waiting_.push_back({client, message});
    }
    std::vector<ClientRequestFrom> takeAll() {
        std::lock_guard lock(mutex_);
        return std::exchange(waiting_, {});
    }
    long dropped() const {
        std::lock_guard lock(mutex_);
        return dropped_;
    }

private:
    mutable std::mutex mutex_;
    std::vector<ClientRequestFrom> waiting_;
    long dropped_ = 0;
};

}  // namespace racelab
