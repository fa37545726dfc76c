// What the server's sessions share (web/web_server.cpp owns it): the io_context they run on, the token, the
// connected clients and the latest greeting, state and frame a new client is sent first. Touched only on the
// server's thread, but the counters, which any thread may read. Included by the server's own files only: it
// is where Boost.Beast's types are named.
#pragma once
#include <atomic>
#include <map>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message.hpp>

#include "web/web_server.hpp"

namespace racelab::web::detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Request = http::request<http::empty_body>;
using Picture = std::shared_ptr<const std::string>;

class WebSocketSession;

struct AtomicCounters {
    std::atomic<long> clientsNow{0}, clientsSeen{0}, refused{0}, closedForMessages{0}, picturesSent{0},
        picturesReplaced{0}, videoClients{0}, keyFramesAsked{0};
};

// `io` comes last, so it is destroyed first: the sessions its unrun handlers still hold end while the map of
// clients and the counters they update are alive.
struct ServerCore {
    std::string token;
    WebServer::MessageHandler onMessage;
    std::map<ClientId, std::weak_ptr<WebSocketSession>> clients;
    ClientId nextClient = 1;
    Picture greeting, latestState, latestJpeg, latestOverlay;
    AtomicCounters counters;
    std::atomic<bool> keyFrameWanted{false};  // a client waits for an H.264 key frame
    std::atomic<bool> videoStopped{false};    // no H.264 is coming: every client is sent JPEG
    asio::io_context io;
};

// Reads HTTP requests from a new connection: the page's files, or /ws handed to a WebSocket session.
void startHttpSession(tcp::socket socket, ServerCore& core);
// Completes the WebSocket handshake of `request` (already checked for the token) and serves the client.
void startWebSocketSession(beast::tcp_stream stream, Request request, ServerCore& core);

// Which of a client's slots a picture goes to: each holds one, overwritten by the next.
enum class Slot { State, Frame, Own, Overlay };
void deliver(WebSocketSession& session, Slot slot, Picture picture);
// A frame (web/frame_message.hpp) to a client that decodes its kind; an H.264 frame only where the client's
// decoder can take it next (web/websocket_session.cpp).
void deliverFrame(WebSocketSession& session, const Picture& picture, bool video, bool keyFrame);

}  // namespace racelab::web::detail
