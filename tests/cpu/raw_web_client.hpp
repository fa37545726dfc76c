// A bare HTTP and WebSocket client on a POSIX socket, for the server tests (serve_server_test.cpp): it sends
// exactly the bytes a test writes (also ones no browser would), and reads with a time limit, so a test sees
// what the server answers, or that it closed the connection.
#pragma once
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace racelab::testing {

class RawWebClient {
public:
    explicit RawWebClient(int port) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    }
    ~RawWebClient() { ::close(fd_); }
    RawWebClient(const RawWebClient&) = delete;
    RawWebClient& operator=(const RawWebClient&) = delete;

    bool connected() const { return connected_; }

    void send(std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n <= 0) return;
            bytes.remove_prefix(static_cast<std::size_t>(n));
        }
    }

    // An HTTP response whole (headers and the Content-Length body); "" when the connection closed first.
    std::string readHttpResponse(int timeoutMs = 3000) {
        while (buffer_.find("\r\n\r\n") == std::string::npos)
            if (!fill(timeoutMs)) return "";
        const std::size_t end = buffer_.find("\r\n\r\n") + 4;
        std::size_t length = 0;
        const std::size_t at = buffer_.find("Content-Length: ");
        if (at != std::string::npos && at < end) length = std::stoul(buffer_.substr(at + 16));
        while (buffer_.size() < end + length)
            if (!fill(timeoutMs)) return "";
        std::string response = buffer_.substr(0, end + length);
        buffer_.erase(0, end + length);
        return response;
    }

    // The upgrade request for `target`; returns the server's response headers.
    std::string openWebSocket(const std::string& target) {
        send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
        return readHttpResponse();
    }

    // One masked client frame (RFC 6455 5.2): FIN set, `opcode` (1 text, 2 binary).
    void sendFrame(std::string_view payload, int opcode = 1) {
        std::string frame;
        frame += static_cast<char>(0x80 | opcode);
        const std::size_t n = payload.size();
        if (n < 126) {
            frame += static_cast<char>(0x80 | n);
        } else if (n < 65536) {
            frame += static_cast<char>(0x80 | 126);
            frame += static_cast<char>(n >> 8);
            frame += static_cast<char>(n & 0xff);
        } else {
            frame += static_cast<char>(0x80 | 127);
            for (int i = 7; i >= 0; --i) frame += static_cast<char>((static_cast<std::uint64_t>(n) >> (8 * i)) & 0xff);
        }
        const char mask[4] = {0x12, 0x34, 0x56, 0x78};
        frame.append(mask, 4);
        for (std::size_t i = 0; i < n; ++i) frame += static_cast<char>(payload[i] ^ mask[i % 4]);
        send(frame);
    }

    struct Frame {
        int opcode = 0;  // 1 text, 2 binary, 8 close
        std::string payload;
        int closeCode() const {
            return payload.size() >= 2 ? (static_cast<unsigned char>(payload[0]) << 8) | static_cast<unsigned char>(payload[1]) : 0;
        }
    };

    // The next whole frame from the server (unmasked, as a server's are); nullopt at a timeout or a close of
    // the connection.
    std::optional<Frame> readFrame(int timeoutMs = 3000) {
        while (true) {
            if (buffer_.size() >= 2) {
                const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(buffer_[i]); };
                std::size_t length = byte(1) & 0x7f, header = 2;
                if (length == 126 && buffer_.size() >= 4) length = (byte(2) << 8) | byte(3), header = 4;
                else if (length == 127 && buffer_.size() >= 10) {
                    length = 0;
                    for (int i = 0; i < 8; ++i) length = (length << 8) | byte(2 + static_cast<std::size_t>(i));
                    header = 10;
                }
                const bool known = !((byte(1) & 0x7f) == 126 && header == 2) && !((byte(1) & 0x7f) == 127 && header == 2);
                if (known && buffer_.size() >= header + length) {
                    Frame frame{byte(0) & 0x0f, buffer_.substr(header, length)};
                    buffer_.erase(0, header + length);
                    return frame;
                }
            }
            if (!fill(timeoutMs)) return std::nullopt;
        }
    }

    // Whether the server closed the connection (reads until end of stream, up to the time limit).
    bool closedByServer(int timeoutMs = 3000) {
        while (fill(timeoutMs)) buffer_.clear();
        return closed_;
    }

private:
    bool fill(int timeoutMs) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, timeoutMs) <= 0) return false;
        char chunk[65536];
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n <= 0) {
            closed_ = true;
            return false;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
        return true;
    }

    int fd_ = -1;
    bool connected_ = false;
    bool closed_ = false;
    std::string buffer_;
};

}  // namespace racelab::testing
