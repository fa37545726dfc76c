// One HTTP connection of racelab serve: bounded requests (headers at most 8 KiB, no body), the token checked
// before anything else, then the page's files (GET/HEAD) or the WebSocket upgrade at /ws.
#include <chrono>
#include <memory>
#include <optional>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "web/access_token.hpp"
#include "web/page_files.hpp"
#include "web/request_target.hpp"
#include "web/server_core.hpp"

namespace racelab::web::detail {
namespace {

constexpr std::size_t kMaxHeaderBytes = 8192;
constexpr auto kRequestTimeout = std::chrono::seconds(30);

// The page talks only to its own origin; nothing may frame it but a notebook on the same machine's origin is
// allowed to (an IFrame, docs/REMOTE.md), so no frame-ancestors limit. blob: images and media are the page's
// own: the screenshots and recordings it made from what it was sent, which it may show and play back.
constexpr const char* kContentPolicy =
    "default-src 'self'; connect-src 'self'; img-src 'self' blob: data:; media-src blob:; style-src 'self'; "
    "script-src 'self'";

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket socket, ServerCore& core) : stream_(std::move(socket)), core_(core) {}

    void read() {
        parser_.emplace();
        parser_->header_limit(kMaxHeaderBytes);
        parser_->body_limit(0);
        stream_.expires_after(kRequestTimeout);
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) { self->onRead(ec); });
    }

private:
    void onRead(beast::error_code ec) {
        if (ec) return close();  // the peer left, a timeout, or a request over the limits: the connection ends
        Request request = parser_->release();
        const auto target = parseRequestTarget(std::string_view(request.target().data(), request.target().size()));
        if (!target || !tokensMatch(core_.token, tokenOf(*target))) {
            ++core_.counters.refused;
            return respond(request, http::status::forbidden, "text/plain; charset=utf-8", "403 forbidden\n", false);
        }
        if (beast::websocket::is_upgrade(request)) {
            if (target->path != "/ws") return respond(request, http::status::not_found, "text/plain", "not found\n", false);
            stream_.expires_never();  // the WebSocket session keeps time itself
            return startWebSocketSession(std::move(stream_), std::move(request), core_);
        }
        if (request.method() != http::verb::get && request.method() != http::verb::head)
            return respond(request, http::status::method_not_allowed, "text/plain", "method not allowed\n", false);
        const PageFile* file = findPageFile(target->path);
        if (!file) return respond(request, http::status::not_found, "text/plain", "not found\n", request.keep_alive());
        respond(request, http::status::ok, file->contentType, pageBody(*file, core_.token), request.keep_alive());
    }

    void respond(const Request& request, http::status status, std::string_view type, std::string_view body,
                 bool keepAlive) {
        response_.emplace(status, request.version());
        response_->set(http::field::server, "racelab");
        response_->set(http::field::content_type, beast::string_view(type.data(), type.size()));
        response_->set(http::field::cache_control, "no-store");
        response_->set("X-Content-Type-Options", "nosniff");
        response_->set("Referrer-Policy", "no-referrer");  // the token is in the URL: never pass it on
        if (status == http::status::ok) response_->set("Content-Security-Policy", kContentPolicy);
        if (request.method() != http::verb::head) response_->body().assign(body.data(), body.size());
        response_->content_length(body.size());
        response_->keep_alive(keepAlive);
        http::async_write(stream_, *response_, [self = shared_from_this(), keepAlive](beast::error_code ec, std::size_t) {
            if (ec || !keepAlive) return self->close();
            self->read();
        });
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_{kMaxHeaderBytes};
    ServerCore& core_;
    std::optional<http::request_parser<http::empty_body>> parser_;
    std::optional<http::response<http::string_body>> response_;
};

}  // namespace

void startHttpSession(tcp::socket socket, ServerCore& core) {
    std::make_shared<HttpSession>(std::move(socket), core)->read();
}

}  // namespace racelab::web::detail
