// racelab serve's HTTP and WebSocket server (Boost.Beast, docs/DECISIONS.md "The viewer in a browser"): the
// page (web/, embedded) over HTTP and, on /ws, one WebSocket a client that carries its messages in
// (web/client_message.hpp) and the pictures and state out. Every request must carry the access token
// (web/access_token.hpp); one without it gets 403 and nothing else.
//
// Frames go as JPEG or as an H.264 stream, as each client asks (web/client_message.hpp, "stream"); the
// server keeps that choice and the client's place in the stream itself and hands the loop no such message.
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
    long picturesReplaced = 0;  // overwritten in a client's slot before they could be sent (or, H.264, left out)
    long videoClients = 0;      // clients now decoding the H.264 stream (the rest take JPEG)
    long keyFramesAsked = 0;    // times a client needed an H.264 key frame (joined, or fell behind)
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
    // A frame (web/frame_message.hpp) to every client that decodes its kind, JPEG or H.264 (each client says
    // which; JPEG until it does). A JPEG frame waiting in a client's slot is replaced by the next; an H.264
    // frame cannot be (the next one is coded from it), so a client still holding one leaves the new frame out
    // and waits for a key frame, which it asks for (takeKeyFrameRequest). Any thread.
    void publishFrame(std::shared_ptr<const std::string> picture);
    // Whether a client waits for an H.264 key frame since the last call; the publisher's next frame is one.
    bool takeKeyFrameRequest();
    // No H.264 will come (the encoder failed): from now on every client is sent JPEG frames. Any thread.
    void stopVideo();
    // A picture to one client only (its screenshot), in a slot of its own. Any thread.
    void sendTo(ClientId client, std::shared_ptr<const std::string> picture);
    // The racing pixels' overlay ("MASK") to every client, and to each that connects later, in a slot of its
    // own (the next replaces it). Any thread.
    void publishOverlay(std::shared_ptr<const std::string> picture);

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace racelab::web
