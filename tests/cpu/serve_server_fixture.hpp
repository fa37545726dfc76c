// A WebServer on 127.0.0.1 (any free port) whose handler keeps every message it is handed, and bare clients
// (raw_web_client.hpp) to talk to it: the fixture of the server's tests.
#pragma once
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "raw_web_client.hpp"
#include "web/web_server.hpp"

namespace racelab::testing {

inline const std::string kToken = "0123456789abcdef0123456789abcdef";

struct Received {
    std::mutex mutex;
    std::vector<web::ClientMessage> messages;
    std::size_t count() {
        std::lock_guard lock(mutex);
        return messages.size();
    }
};

struct ServeServer : ::testing::Test {
    Received received;
    web::WebServer server{{"127.0.0.1", 0, kToken}, [this](web::ClientId, const web::ClientMessage& m) {
                         std::lock_guard lock(received.mutex);
                         received.messages.push_back(m);
                     }};

    std::string get(const std::string& target) {
        RawWebClient client(server.port());
        client.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        return client.readHttpResponse();
    }

    // A WebSocket client past its greeting.
    std::unique_ptr<RawWebClient> connect() {
        auto client = std::make_unique<RawWebClient>(server.port());
        const std::string response = client->openWebSocket("/ws?token=" + kToken);
        EXPECT_NE(response.find("101 Switching Protocols"), std::string::npos) << response;
        const auto greeting = client->readFrame();
        EXPECT_TRUE(greeting && greeting->opcode == 1 && greeting->payload == R"({"type":"hello"})");
        return client;
    }

    void waitForClients(long n) {
        for (int i = 0; i < 300 && server.clientCount() != n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ASSERT_EQ(server.clientCount(), n);
    }
};

}  // namespace racelab::testing
