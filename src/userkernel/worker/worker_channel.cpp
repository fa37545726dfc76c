#include "userkernel/worker/worker_channel.hpp"

#include <poll.h>
#include <sys/socket.h>

#include <cerrno>
#include <vector>

namespace racelab::userkernel {

nlohmann::json::binary_t toBinary(const void* bytes, std::size_t count) {
    const auto* begin = static_cast<const std::uint8_t*>(bytes);
    return nlohmann::json::binary_t(std::vector<std::uint8_t>(begin, begin + count));
}

bool WorkerChannel::send(const nlohmann::json& message) const {
    const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(message);
    for (;;) {
        const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (sent == static_cast<ssize_t>(bytes.size())) return true;
        if (sent < 0 && errno == EINTR) continue;
        return false;
    }
}

WorkerChannel::Status WorkerChannel::receive(nlohmann::json& message, int timeoutMs) const {
    pollfd p{fd_, POLLIN, 0};
    for (;;) {
        const int ready = poll(&p, 1, timeoutMs);
        if (ready < 0 && errno == EINTR) continue;  // a signal (SIGINT handler) is not the end of the wait
        if (ready == 0) return Status::TimedOut;
        break;
    }
    // The message's whole length first (a SEQPACKET socket tells it with MSG_TRUNC), then the message.
    ssize_t length;
    do length = recv(fd_, nullptr, 0, MSG_PEEK | MSG_TRUNC);
    while (length < 0 && errno == EINTR);
    if (length <= 0) return Status::Closed;
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(length));
    ssize_t got;
    do got = recv(fd_, bytes.data(), bytes.size(), 0);
    while (got < 0 && errno == EINTR);
    if (got <= 0) return Status::Closed;
    bytes.resize(static_cast<std::size_t>(got));
    message = nlohmann::json::from_cbor(bytes, true, false);
    return message.is_discarded() ? Status::Closed : Status::Message;
}

}  // namespace racelab::userkernel
