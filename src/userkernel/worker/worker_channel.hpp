// The message channel between racelab and its kernel worker: one end of a SOCK_SEQPACKET socket pair, which
// keeps message boundaries, carrying JSON objects encoded as CBOR (nlohmann-json; binary fields such as the
// parameters' bytes and CUDA IPC handles stay binary). A receive can wait with a time limit, which is what the
// watchdog is made of.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace racelab::userkernel {

class WorkerChannel {
public:
    explicit WorkerChannel(int fd = -1) : fd_(fd) {}
    int fd() const { return fd_; }
    // False when the other end is gone.
    bool send(const nlohmann::json& message) const;
    enum class Status { Message, TimedOut, Closed };
    // Waits up to `timeoutMs` (< 0: for ever) for one message.
    Status receive(nlohmann::json& message, int timeoutMs) const;

private:
    int fd_;
};

nlohmann::json::binary_t toBinary(const void* bytes, std::size_t count);

}  // namespace racelab::userkernel
