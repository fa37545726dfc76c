#include "web/web_server.hpp"

#include <optional>
#include <thread>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>

#include "core/errors.hpp"
#include "web/frame_message.hpp"
#include "web/server_core.hpp"

namespace racelab::web {

using namespace detail;

struct WebServer::Impl {
    ServerCore core;
    tcp::acceptor acceptor{core.io};
    asio::executor_work_guard<asio::io_context::executor_type> work{core.io.get_executor()};
    std::string address;
    int port = 0;
    std::thread thread;

    void accept() {
        acceptor.async_accept(core.io, [this](beast::error_code ec, tcp::socket socket) {
            if (ec == asio::error::operation_aborted) return;  // the server is stopping
            if (!ec) startHttpSession(std::move(socket), core);
            accept();  // a failed accept (too many open files) must not stop the server for good
        });
    }

    // On the server's thread: `picture` into `slot` of every client.
    void toEveryClient(Slot slot, const Picture& picture) {
        for (auto it = core.clients.begin(); it != core.clients.end();) {
            if (auto session = it->second.lock()) {
                deliver(*session, slot, picture);
                ++it;
            } else {
                it = core.clients.erase(it);
            }
        }
    }
};

WebServer::WebServer(const ServerSettings& settings, MessageHandler onMessage) : impl_(std::make_unique<Impl>()) {
    Impl& s = *impl_;
    s.core.token = settings.token;
    s.core.onMessage = std::move(onMessage);
    beast::error_code ec;
    const asio::ip::address address = asio::ip::make_address(settings.bind, ec);
    if (ec) throw UsageError("--bind '" + settings.bind + "' is not an IP address (e.g. 127.0.0.1, 0.0.0.0, ::1)");
    if (settings.port < 0 || settings.port > 65535) throw UsageError("--port must be 0..65535");
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(settings.port));
    const auto fail = [&](const char* step) {
        throw Error("cannot listen on " + settings.bind + ":" + std::to_string(settings.port) + " (" + step + ": " +
                    ec.message() + "); --port picks another port");
    };
    if (s.acceptor.open(endpoint.protocol(), ec)) fail("open");
    // A restarted server takes its port back at once, though the last run's connections linger in TIME_WAIT.
    if (s.acceptor.set_option(asio::socket_base::reuse_address(true), ec)) fail("reuse");
    if (s.acceptor.bind(endpoint, ec)) fail("bind");
    if (s.acceptor.listen(asio::socket_base::max_listen_connections, ec)) fail("listen");
    s.port = s.acceptor.local_endpoint().port();
    s.address = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
    s.accept();
    s.thread = std::thread([&s] { s.core.io.run(); });
}

WebServer::~WebServer() {
    Impl& s = *impl_;
    asio::post(s.core.io, [&s] {
        beast::error_code ignored;
        s.acceptor.close(ignored);
        s.work.reset();
        s.core.io.stop();  // open connections end with the process: a page sees them drop and reconnects
    });
    s.thread.join();
}

int WebServer::port() const { return impl_->port; }

std::string WebServer::url() const {
    return "http://" + impl_->address + ":" + std::to_string(impl_->port) + "/?token=" + impl_->core.token;
}

long WebServer::clientCount() const { return impl_->core.counters.clientsNow.load(); }

ServerCounters WebServer::counters() const {
    const AtomicCounters& c = impl_->core.counters;
    return {c.clientsNow.load(),        c.clientsSeen.load(),      c.refused.load(),
            c.closedForMessages.load(), c.picturesSent.load(),     c.picturesReplaced.load(),
            c.videoClients.load(),      c.keyFramesAsked.load()};
}

bool WebServer::takeKeyFrameRequest() { return impl_->core.keyFrameWanted.exchange(false); }

void WebServer::stopVideo() { impl_->core.videoStopped = true; }

void WebServer::setGreeting(std::string json) {
    auto picture = std::make_shared<const std::string>(std::move(json));
    asio::post(impl_->core.io, [this, picture] { impl_->core.greeting = picture; });
}

void WebServer::publishState(std::string json) {
    auto picture = std::make_shared<const std::string>(std::move(json));
    asio::post(impl_->core.io, [this, picture] {
        impl_->core.latestState = picture;
        impl_->toEveryClient(Slot::State, picture);
    });
}

void WebServer::publishFrame(std::shared_ptr<const std::string> picture) {
    const std::optional<PictureHeader> header = readPictureHeader(*picture);
    if (!header) return;
    const bool video = header->kind == PictureKind::H264, key = header->keyFrame;
    asio::post(impl_->core.io, [this, picture = std::move(picture), video, key] {
        if (!video) impl_->core.latestJpeg = picture;
        for (auto it = impl_->core.clients.begin(); it != impl_->core.clients.end();) {
            if (auto session = it->second.lock()) {
                deliverFrame(*session, picture, video, key);
                ++it;
            } else {
                it = impl_->core.clients.erase(it);
            }
        }
    });
}

void WebServer::publishOverlay(std::shared_ptr<const std::string> picture) {
    asio::post(impl_->core.io, [this, picture = std::move(picture)] {
        impl_->core.latestOverlay = picture;
        impl_->toEveryClient(Slot::Overlay, picture);
    });
}

void WebServer::sendTo(ClientId client, std::shared_ptr<const std::string> picture) {
    asio::post(impl_->core.io, [this, client, picture = std::move(picture)] {
        const auto found = impl_->core.clients.find(client);
        if (found == impl_->core.clients.end()) return;
        if (auto session = found->second.lock()) deliver(*session, Slot::Own, picture);
    });
}

}  // namespace racelab::web
