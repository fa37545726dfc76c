// racelab serve's HTTP and WebSocket server (Boost.Beast, docs/DECISIONS.md "The viewer in a browser"): the
// page (web/, embedded) over HTTP and, on /ws, one WebSocket a client that carries its messages in
// (web/client_message.hpp) and the pictures and state out. Every request must carry the access token
// (web/access_token.hpp); one without it gets 403 and nothing else.
//
// It runs on a thread of its own. Whatever the frame loop publishes goes into one slot per client that the
// next publication overwrites ("the latest frame wins"): a slow client or link gets fewer frames, each a
// current one, and never slows the publisher or makes anything queue. Nothing Beast declares is visible here.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "web/client_message.hpp"

namespace racelab::web {

using ClientId = std::uint64_t;

struct ServerSettings {
    std::string bind = "127.0.0.1";  // an IP address (v4 or v6)
    int port = 8149;                 // 0: any free port (port() says which)
    std::string token;               // required on every request
};

// What happened, for the log and the tests (read from any thread).
struct ServerCounters {
    long clientsNow = 0;
    long clientsSeen = 0;
    long refused = 0;           // requests answered 403
    long closedForMessages = 0; // clients closed for a malformed or oversized message
    long picturesSent = 0;
    long picturesReplaced = 0;  // overwritten in a client's slot before they could be sent
};

class WebServer {
public:
    // Called on the server's thread for every well-formed message (copy what it needs, return quickly).
    using MessageHandler = std::function<void(ClientId, const ClientMessage&)>;

    // Listens at once; an Error saying why when the address cannot be bound (e.g. the port is taken).
    WebServer(const ServerSettings& settings, MessageHandler onMessage);
    ~WebServer();  // closes every connection and joins the thread
    WebServer(const WebServer&) = delete;
    WebServer& operator=(const WebServer&) = delete;

    int port() const;
    // http://ADDRESS:PORT/?token=TOKEN (an IPv6 address in brackets).
    std::string url() const;
    long clientCount() const;
    ServerCounters counters() const;

    // Sent first to every client that connects (the catalog: what the page offers). Any thread.
    void setGreeting(std::string json);
    // The latest state (a JSON text message) to every client; a new client gets the latest at once. Any thread.
    void publishState(std::string json);
    // A picture (web/frame_message.hpp) to every client's frame slot. Any thread.
    void publishFrame(std::shared_ptr<const std::string> picture);
    // A picture to one client only (its screenshot), in a slot of its own. Any thread.
    void sendTo(ClientId client, std::shared_ptr<const std::string> picture);

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::web
