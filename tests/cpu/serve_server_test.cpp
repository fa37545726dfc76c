// racelab serve's server (web/web_server.hpp) on 127.0.0.1 with a bare client (raw_web_client.hpp): every
// request without the token, or with a wrong one, gets 403 and nothing else; the page is served with the token
// written into it; a WebSocket client gets the greeting, the latest state and the frames; a well-formed message
// reaches the loop's handler with its values; a malformed, binary or oversized message closes that client and
// no other; a slow client's frame slot holds only the latest frame.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "raw_web_client.hpp"
#include "serve_server_fixture.hpp"
#include "web/frame_message.hpp"
#include "web/web_server.hpp"

using namespace racelab::web;
using racelab::testing::kToken;
using racelab::testing::RawWebClient;
using racelab::testing::ServeServer;

namespace {

std::shared_ptr<const std::string> picture(std::uint32_t frame) {
    PictureHeader header;
    header.frame = frame;
    header.width = 4;
    header.height = 2;
    return std::make_shared<const std::string>(packPicture(header, "jpegbytes"));
}

}  // namespace

TEST_F(ServeServer, EveryRequestWithoutTheTokenGets403) {
    EXPECT_EQ(server.url(), "http://127.0.0.1:" + std::to_string(server.port()) + "/?token=" + kToken);
    for (const std::string& target : std::vector<std::string>{"/", "/serve.js", "/ws", "/?token=", "/?token=0123456789abcdef0123456789abcdee",
                                     "/?token=" + kToken.substr(0, 31), "/nothing?x=1", "/?Token=" + kToken}) {
        const std::string response = get(target);
        EXPECT_EQ(response.rfind("HTTP/1.1 403 Forbidden\r\n", 0), 0u) << target << "\n" << response;
        EXPECT_EQ(response.find("<html"), std::string::npos) << target;
    }
    RawWebClient ws(server.port());
    EXPECT_EQ(ws.openWebSocket("/ws?token=wrong").rfind("HTTP/1.1 403", 0), 0u);
    EXPECT_TRUE(ws.closedByServer());
    EXPECT_EQ(server.counters().refused, 9);
    EXPECT_EQ(server.clientCount(), 0);
}

TEST_F(ServeServer, ServesThePageWithTheTokenWrittenIn) {
    const std::string page = get("/?token=" + kToken);
    EXPECT_EQ(page.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << page;
    EXPECT_NE(page.find("Content-Type: text/html; charset=utf-8"), std::string::npos);
    EXPECT_NE(page.find("Content-Security-Policy: default-src 'self'"), std::string::npos);
    EXPECT_NE(page.find("src=\"serve.js?token=" + kToken + "\""), std::string::npos);
    const std::string script = get("/serve_stream.js?token=" + kToken);
    EXPECT_EQ(script.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
    EXPECT_NE(script.find("text/javascript"), std::string::npos);
    EXPECT_EQ(get("/missing.js?token=" + kToken).rfind("HTTP/1.1 404", 0), 0u);
    RawWebClient post(server.port());
    post.send("POST /?token=" + kToken + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    EXPECT_EQ(post.readHttpResponse().rfind("HTTP/1.1 405", 0), 0u);
}

TEST_F(ServeServer, OversizedOrBrokenRequestsEndTheirConnection) {
    RawWebClient big(server.port());
    big.send("GET /?token=" + kToken + " HTTP/1.1\r\nHost: x\r\nX-Pad: " + std::string(10000, 'a') + "\r\n\r\n");
    EXPECT_EQ(big.readHttpResponse(), "");
    EXPECT_TRUE(big.closedByServer());
    RawWebClient body(server.port());  // the page takes no request body
    body.send("GET /?token=" + kToken + " HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello");
    EXPECT_EQ(body.readHttpResponse(), "");
    RawWebClient garbage(server.port());
    garbage.send("\x16\x03\x01 not http at all\r\n\r\n");
    EXPECT_TRUE(garbage.closedByServer());
    EXPECT_EQ(get("/?token=" + kToken).rfind("HTTP/1.1 200", 0), 0u);  // and the server serves on
}

TEST_F(ServeServer, WebSocketClientsGetGreetingStateAndFrames) {
    server.setGreeting(R"({"type":"hello"})");
    server.publishState(R"({"type":"state","frame":1})");
    auto client = connect();
    auto state = client->readFrame();
    ASSERT_TRUE(state);
    EXPECT_EQ(state->opcode, 1);
    EXPECT_EQ(state->payload, R"({"type":"state","frame":1})");  // the latest, sent at once to a new client
    server.publishFrame(picture(7));
    auto frame = client->readFrame();
    ASSERT_TRUE(frame);
    EXPECT_EQ(frame->opcode, 2);
    const auto header = readPictureHeader(frame->payload);
    ASSERT_TRUE(header);
    EXPECT_EQ(header->frame, 7u);
    EXPECT_EQ(frame->payload.substr(kPictureHeaderBytes), "jpegbytes");
}

TEST_F(ServeServer, MessagesReachTheHandlerWithTheirValues) {
    server.setGreeting(R"({"type":"hello"})");
    auto client = connect();
    client->sendFrame(R"({"type":"variant","index":2})");
    client->sendFrame(R"({"type":"size","width":640,"height":360})");
    for (int i = 0; i < 300 && received.count() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::lock_guard lock(received.mutex);
    ASSERT_EQ(received.messages.size(), 2u);
    EXPECT_EQ(received.messages[0].request, ClientRequest::Variant);
    EXPECT_EQ(received.messages[0].number, 2);
    EXPECT_EQ(received.messages[1].request, ClientRequest::Size);
    EXPECT_EQ(received.messages[1].width, 640);
    EXPECT_EQ(received.messages[1].height, 360);
}

// Three clients: one sends JSON that is not a request, one a binary frame, one 5000 bytes; each is closed with
// its code (1008 policy, 1009 too big) and the fourth, well-behaved, still gets the next state.
TEST_F(ServeServer, ABadMessageClosesThatClientOnly) {
    server.setGreeting(R"({"type":"hello"})");
    auto good = connect();
    auto malformed = connect();
    auto binary = connect();
    auto oversized = connect();
    waitForClients(4);
    malformed->sendFrame(R"({"type":"variant","index":"everything"})");
    binary->sendFrame("\x01\x02", 2);
    oversized->sendFrame(R"({"type":"scene","name":")" + std::string(5000, 'x') + "\"}");
    // The close code the server sent, answered with a close as a browser answers it.
    auto closeOf = [](RawWebClient& c) {
        for (auto f = c.readFrame(); f; f = c.readFrame())
            if (f->opcode == 8) {
                c.sendFrame(f->payload.substr(0, 2), 8);
                return f->closeCode();
            }
        return -1;
    };
    EXPECT_EQ(closeOf(*malformed), 1008);
    EXPECT_EQ(closeOf(*binary), 1008);
    EXPECT_EQ(closeOf(*oversized), 1009);
    malformed.reset();  // and the connections end, as a browser ends them after the close handshake
    binary.reset();
    oversized.reset();
    waitForClients(1);
    EXPECT_EQ(server.counters().closedForMessages, 3);
    EXPECT_EQ(received.count(), 0u);
    server.publishState(R"({"type":"state","frame":2})");
    auto state = good->readFrame();
    ASSERT_TRUE(state);
    EXPECT_EQ(state->payload, R"({"type":"state","frame":2})");
}

// A client that reads nothing: frames published faster than it takes them replace each other in its slot,
// so what it finally reads is a recent frame, and the server holds at most one unsent frame for it.
TEST_F(ServeServer, ASlowClientGetsTheLatestFrameNotAQueue) {
    server.setGreeting(R"({"type":"hello"})");
    auto slow = connect();
    waitForClients(1);
    const std::string big(2 << 20, 'x');  // 2 MiB frames fill the socket's buffers in a few
    for (std::uint32_t i = 1; i <= 40; ++i) {
        PictureHeader header;
        header.frame = i;
        server.publishFrame(std::make_shared<const std::string>(packPicture(header, big)));
    }
    for (int i = 0; i < 300 && server.counters().picturesReplaced < 30; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_GE(server.counters().picturesReplaced, 30);  // the socket took a frame or few, the slot the rest
    std::uint32_t last = 0;
    for (auto f = slow->readFrame(); f; f = slow->readFrame(500)) {
        const auto header = readPictureHeader(f->payload);
        ASSERT_TRUE(header);
        last = header->frame;
    }
    EXPECT_EQ(last, 40u);  // the newest arrives last; stale ones in between were never queued
    EXPECT_LE(server.counters().picturesSent, 10);
}
