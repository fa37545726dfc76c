// One client's WebSocket: its messages read (text only, at most kMaxClientMessageBytes, each parsed and
// checked) and handed to the server's handler; its pictures written one at a time from three slots that each
// hold the latest (its own screenshot, then the state, then the frame), so a slow client never makes
// anything queue. A message that fails the checks closes this client alone (close code 1008, policy). Which
// frames it takes (JPEG or the H.264 stream) and its place in the stream are kept here.
#include <cstdio>
#include <memory>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "web/server_core.hpp"

namespace racelab::web::detail {

namespace websocket = beast::websocket;

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
public:
    WebSocketSession(beast::tcp_stream stream, ServerCore& core) : ws_(std::move(stream)), core_(core) {}

    ~WebSocketSession() {
        if (id_ == 0) return;
        core_.clients.erase(id_);
        --core_.counters.clientsNow;
        if (video_) --core_.counters.videoClients;
    }

    void start(Request request) {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& response) { response.set(http::field::server, "racelab"); }));
        ws_.read_message_max(kMaxClientMessageBytes);
        ws_.auto_fragment(false);  // a frame is one message: no 4 KiB pieces each with a header of its own
        ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) { self->onAccept(ec); });
    }

    void deliver(Slot slot, Picture picture) {
        Picture& held = slot == Slot::State ? state_ : slot == Slot::Frame ? frame_ : slot == Slot::Overlay ? overlay_ : own_;
        if (held && (slot == Slot::Frame || slot == Slot::Own)) ++core_.counters.picturesReplaced;
        held = std::move(picture);
        writeNext();
    }

    // A JPEG frame goes to a client that takes JPEG; an H.264 frame to one that decodes the stream, and only
    // where its decoder can take it next: after the frames it already has, or a key frame. A frame that would
    // have to replace one still waiting here is left out instead, and the client waits for a key frame.
    void deliverFrame(const Picture& picture, bool video, bool keyFrame) {
        const bool decodesVideo = video_ && !core_.videoStopped;
        if (video != decodesVideo) return;
        if (!video) return deliver(Slot::Frame, picture);
        if (!keyFrame && (needsKey_ || frame_)) {
            if (frame_) ++core_.counters.picturesReplaced;
            askForKeyFrame();
            return;
        }
        needsKey_ = false;
        frame_ = picture;  // a key frame may replace what waits: the stream starts again from it
        writeNext();
    }

private:
    void onAccept(beast::error_code ec) {
        if (ec) return;
        id_ = core_.nextClient++;
        core_.clients[id_] = weak_from_this();
        ++core_.counters.clientsNow;
        ++core_.counters.clientsSeen;
        // The greeting first: the page builds its panel from it before any state or frame arrives.
        pendingGreeting_ = core_.greeting;
        state_ = core_.latestState;
        overlay_ = core_.latestOverlay;
        frame_ = core_.latestJpeg;  // JPEG until the client asks for the stream
        read();
        writeNext();
    }

    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

    void onRead(beast::error_code ec) {
        if (ec) {
            // Over read_message_max Beast has already sent close 1009 (too big); either way this client is done.
            if (ec == websocket::error::message_too_big) refuse("message larger than 4096 bytes", false);
            return;
        }
        if (!ws_.got_text()) return refuse("binary message", true);
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        auto parsed = parseClientMessage(text);
        if (auto* why = std::get_if<std::string>(&parsed)) return refuse(*why, true);
        const ClientMessage& message = std::get<ClientMessage>(parsed);
        if (message.request == ClientRequest::Stream) {
            chooseStream(message.name == "h264");
        } else if (message.request == ClientRequest::KeyFrame) {
            if (video_) askForKeyFrame();
        } else if (core_.onMessage) {
            core_.onMessage(id_, message);
        }
        read();
    }

    void chooseStream(bool video) {
        if (video == video_) return;
        video_ = video;
        core_.counters.videoClients += video ? 1 : -1;
        frame_ = video ? nullptr : core_.latestJpeg;  // what waits is of the other kind
        if (video) askForKeyFrame();
        writeNext();
    }

    void askForKeyFrame() {
        if (!needsKey_) ++core_.counters.keyFramesAsked;
        needsKey_ = true;
        core_.keyFrameWanted = true;
    }

    void refuse(const std::string& why, bool sendClose) {
        ++core_.counters.closedForMessages;
        std::fprintf(stderr, "racelab serve: client %llu closed: %s\n", static_cast<unsigned long long>(id_), why.c_str());
        closing_ = true;
        if (!sendClose) return;
        ws_.async_close(websocket::close_reason(websocket::close_code::policy_error, "malformed message"),
                        [self = shared_from_this()](beast::error_code) {});
    }

    void writeNext() {
        if (writing_ || closing_ || id_ == 0) return;
        Picture* next = pendingGreeting_ ? &pendingGreeting_ : own_ ? &own_ : state_ ? &state_ : overlay_ ? &overlay_
                        : frame_ ? &frame_ : nullptr;
        if (!next) return;
        const bool text = next == &pendingGreeting_ || next == &state_;
        inFlight_ = std::exchange(*next, nullptr);
        writing_ = true;
        ws_.text(text);
        ws_.async_write(boost::asio::buffer(*inFlight_), [self = shared_from_this(), text](beast::error_code ec, std::size_t) {
            self->writing_ = false;
            self->inFlight_.reset();
            if (ec) return;  // the read side sees the connection end and lets the session go
            if (!text) ++self->core_.counters.picturesSent;
            self->writeNext();
        });
    }

    websocket::stream<beast::tcp_stream> ws_;
    ServerCore& core_;
    beast::flat_buffer buffer_;
    ClientId id_ = 0;
    Picture pendingGreeting_, own_, state_, overlay_, frame_, inFlight_;
    bool writing_ = false, closing_ = false;
    bool video_ = false;    // decodes the H.264 stream (else JPEG)
    bool needsKey_ = false; // lost its place in the stream: only a key frame may come next
};

void startWebSocketSession(beast::tcp_stream stream, Request request, ServerCore& core) {
    std::make_shared<WebSocketSession>(std::move(stream), core)->start(std::move(request));
}

void deliver(WebSocketSession& session, Slot slot, Picture picture) { session.deliver(slot, std::move(picture)); }

void deliverFrame(WebSocketSession& session, const Picture& picture, bool video, bool keyFrame) {
    session.deliverFrame(picture, video, keyFrame);
}

}  // namespace racelab::web::detail
