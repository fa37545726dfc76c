// racelab_serve_client: a headless client of `racelab serve`, on the same machine, that measures what a browser
// would get -- frames decoded with libavcodec (H.264, or JPEG), each frame's latency from the moment the loop
// finished it (the picture header's steady-clock stamp) to the moment it is decoded here, the frames and bits
// a second, the loop's own rate from the state messages -- and, with --chaos, behaves as a careless client
// for a soak: it stalls, drops the connection and comes back, asks for key frames and resizes, at random.
//
//   racelab_serve_client URL [--seconds S] [--stream h264|jpeg] [--size WxH] [--chaos | --stall] [--seed N]
//                        [--json FILE]
//
// --stall connects and then reads nothing at all: run beside a reading client, it shows whether the loop
// waits for a client that does not keep up (it must not).
// URL is the one racelab serve prints (http://127.0.0.1:PORT/?token=...). Exits 0 with a summary on stdout; 1
// when the server could not be reached or a frame could not be decoded, saying why.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
}

#include "web/frame_message.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Json = nlohmann::json;
using racelab::web::PictureHeader;
using racelab::web::PictureKind;

struct Options {
    std::string host, port, token;
    double seconds = 10;
    std::string stream = "h264";
    std::string size;  // WxH: asked of the server once connected
    bool chaos = false;
    bool stall = false;  // connects, asks for the stream and reads nothing until the time is up
    unsigned seed = 1;
    std::string json;
};

[[noreturn]] void fail(const std::string& why) {
    std::fprintf(stderr, "racelab_serve_client: %s\n", why.c_str());
    std::exit(1);
}

Options parse(int argc, char** argv) {
    Options o;
    std::string url;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) fail(a + " needs a value");
            return argv[++i];
        };
        if (a == "--seconds") o.seconds = std::atof(value().c_str());
        else if (a == "--stream") o.stream = value();
        else if (a == "--size") o.size = value();
        else if (a == "--chaos") o.chaos = true;
        else if (a == "--stall") o.stall = true;
        else if (a == "--seed") o.seed = static_cast<unsigned>(std::atoi(value().c_str()));
        else if (a == "--json") o.json = value();
        else if (a == "--help" || a == "-h") {
            std::printf("racelab_serve_client URL [--seconds S] [--stream h264|jpeg] [--size WxH] [--chaos | --stall] "
                        "[--seed N] [--json FILE]\n");
            std::exit(0);
        } else if (url.empty()) url = a;
        else fail("unexpected argument '" + a + "'");
    }
    std::smatch m;
    static const std::regex form(R"(^http://([^/:]+|\[[^\]]+\]):(\d+)/\?token=([A-Za-z0-9_-]+)$)");
    if (!std::regex_match(url, m, form)) fail("give the URL racelab serve printed (http://HOST:PORT/?token=...)");
    o.host = m[1];
    o.port = m[2];
    o.token = m[3];
    if (o.stream != "h264" && o.stream != "jpeg") fail("--stream is h264 or jpeg");
    if (o.seconds <= 0) fail("--seconds must be positive");
    return o;
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5)];
}

// One libavcodec decoder for the stream's kind; reopened for every connection (a new stream).
class Decoder {
public:
    explicit Decoder(PictureKind kind) {
        const AVCodec* codec = avcodec_find_decoder(kind == PictureKind::H264 ? AV_CODEC_ID_H264 : AV_CODEC_ID_MJPEG);
        if (!codec) fail("this libavcodec has no decoder for the stream");
        context_ = avcodec_alloc_context3(codec);
        context_->flags |= AV_CODEC_FLAG_LOW_DELAY;
        if (avcodec_open2(context_, codec, nullptr) < 0) fail("cannot open the decoder");
        packet_ = av_packet_alloc();
        frame_ = av_frame_alloc();
    }
    ~Decoder() {
        av_frame_free(&frame_);
        av_packet_free(&packet_);
        avcodec_free_context(&context_);
    }
    // Frames decoded from one picture's bytes (one, for a stream without delay); -1 when refused.
    int decode(const char* data, std::size_t size) {
        av_new_packet(packet_, static_cast<int>(size));
        std::copy(data, data + size, packet_->data);
        const int sent = avcodec_send_packet(context_, packet_);
        av_packet_unref(packet_);
        if (sent < 0) return -1;
        int frames = 0;
        while (avcodec_receive_frame(context_, frame_) == 0) ++frames;
        return frames;
    }

private:
    AVCodecContext* context_ = nullptr;
    AVPacket* packet_ = nullptr;
    AVFrame* frame_ = nullptr;
};

struct Totals {
    std::vector<double> latencyMs;
    long frames = 0, keyFrames = 0, decodeErrors = 0, connections = 0, stalls = 0, keyRequests = 0, resizes = 0;
    double payloadBytes = 0;
    // The loop's frame number and time at the first and last state seen (its own rate: frames it drew a second).
    std::optional<std::pair<long, double>> firstState, lastState;
    double serverKbps = 0;
};

double nowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class Client {
public:
    Client(const Options& options, Totals& totals) : o_(options), t_(totals), random_(options.seed) {}

    void run() {
        const double end = nowSeconds() + o_.seconds;
        if (o_.stall) {
            connect();
            std::this_thread::sleep_for(std::chrono::duration<double>(o_.seconds));
            return;
        }
        while (nowSeconds() < end) {
            connect();
            session(end);
        }
    }

private:
    void connect() {
        ws_.emplace(io_);
        tcp::resolver resolver(io_);
        beast::error_code ec;
        const auto endpoints = resolver.resolve(o_.host, o_.port, ec);
        if (!ec) asio::connect(ws_->next_layer(), endpoints, ec);
        if (!ec) ws_->handshake(o_.host + ":" + o_.port, "/ws?token=" + o_.token, ec);
        if (ec) fail("cannot open the WebSocket at " + o_.host + ":" + o_.port + ": " + ec.message());
        ++t_.connections;
        decoder_.emplace(o_.stream == "h264" ? PictureKind::H264 : PictureKind::Jpeg);
        send(Json{{"type", "stream"}, {"name", o_.stream}});
        if (!o_.size.empty()) sendSize(o_.size);
        send(Json{{"type", "play"}});
    }

    void send(const Json& message) {
        ws_->text(true);
        beast::error_code ec;
        ws_->write(asio::buffer(message.dump()), ec);
    }

    void sendSize(const std::string& size) {
        const auto x = size.find('x');
        if (x == std::string::npos) fail("--size is WxH");
        send(Json{{"type", "size"}, {"width", std::atoi(size.substr(0, x).c_str())}, {"height", std::atoi(size.substr(x + 1).c_str())}});
    }

    // Reads until `end`; with --chaos, until a random act ends this connection.
    void session(double end) {
        double nextAct = nowSeconds() + actGap();
        while (nowSeconds() < end) {
            if (o_.chaos && nowSeconds() >= nextAct) {
                if (act()) return;  // the connection was dropped: connect again
                nextAct = nowSeconds() + actGap();
            }
            beast::flat_buffer buffer;
            beast::error_code ec;
            ws_->read(buffer, ec);
            if (ec) fail("the server closed the connection: " + ec.message());
            const std::string message = beast::buffers_to_string(buffer.data());
            if (ws_->got_text()) readState(message);
            else readPicture(message);
        }
        beast::error_code ignored;
        ws_->close(websocket::close_code::normal, ignored);
    }

    double actGap() { return std::uniform_real_distribution<double>(0.5, 3.0)(random_); }

    // One careless act at random; true when it dropped the connection.
    bool act() {
        switch (std::uniform_int_distribution<int>(0, 3)(random_)) {
            case 0: {  // stall: read nothing for a while, as a tab in the background or a slow link
                ++t_.stalls;
                std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(200, 3000)(random_)));
                return false;
            }
            case 1: {  // drop the connection without a close, as a closed laptop lid
                beast::error_code ignored;
                ws_->next_layer().close(ignored);
                return true;
            }
            case 2:
                ++t_.keyRequests;
                send(Json{{"type", "keyframe"}});
                return false;
            default: {
                ++t_.resizes;
                const int w = std::uniform_int_distribution<int>(160, 1280)(random_), h = std::uniform_int_distribution<int>(120, 720)(random_);
                sendSize(std::to_string(w) + "x" + std::to_string(h));
                return false;
            }
        }
    }

    void readState(const std::string& text) {
        const Json state = Json::parse(text, nullptr, false);
        if (state.is_discarded() || state.value("type", "") != "state") return;
        const std::pair<long, double> seen{state.value("frame", 0L), nowSeconds()};
        if (!t_.firstState) t_.firstState = seen;
        t_.lastState = seen;
        if (state.contains("video")) t_.serverKbps = state["video"].value("kbps", 0.0);
    }

    void readPicture(const std::string& message) {
        const std::optional<PictureHeader> header = racelab::web::readPictureHeader(message);
        if (!header || header->kind == PictureKind::Png) return;
        const bool wanted = (header->kind == PictureKind::H264) == (o_.stream == "h264");
        if (!wanted) return;  // a JPEG frame sent before the stream was chosen
        const std::size_t skip = racelab::web::kPictureHeaderBytes;
        const int decoded = decoder_->decode(message.data() + skip, message.size() - skip);
        const double doneUs = static_cast<double>(racelab::web::steadyMicroseconds());
        if (decoded < 0) {
            ++t_.decodeErrors;
            return;
        }
        ++t_.frames;
        t_.keyFrames += header->keyFrame ? 1 : 0;
        t_.payloadBytes += static_cast<double>(message.size() - skip);
        if (header->renderedUs > 0 && decoded > 0) t_.latencyMs.push_back((doneUs - static_cast<double>(header->renderedUs)) / 1000);
    }

    const Options& o_;
    Totals& t_;
    std::mt19937 random_;
    asio::io_context io_;
    std::optional<websocket::stream<tcp::socket>> ws_;
    std::optional<Decoder> decoder_;
};

}  // namespace

int main(int argc, char** argv) {
    av_log_set_level(AV_LOG_QUIET);  // a decoder's complaints are counted, not printed
    const Options o = parse(argc, argv);
    Totals t;
    const double start = nowSeconds();
    Client(o, t).run();
    const double seconds = nowSeconds() - start;
    double loopFps = 0;
    if (t.firstState && t.lastState && t.lastState->second > t.firstState->second)
        loopFps = static_cast<double>(t.lastState->first - t.firstState->first) / (t.lastState->second - t.firstState->second);
    // Field names as racelab's records name them (tools/check-readme-numbers.py reads *_ms and fps_* fields).
    const Json summary{
        {"stream", o.stream},
        {"seconds", seconds},
        {"frames", t.frames},
        {"fps_delivered", static_cast<double>(t.frames) / seconds},
        {"fps_loop", loopFps},
        {"mbit_per_second", t.payloadBytes * 8 / seconds / 1e6},
        {"key_frames", t.keyFrames},
        {"decode_errors", t.decodeErrors},
        {"latency_p50_ms", percentile(t.latencyMs, 0.5)},
        {"latency_p90_ms", percentile(t.latencyMs, 0.9)},
        {"latency_p99_ms", percentile(t.latencyMs, 0.99)},
        {"latency_samples", t.latencyMs.size()},
        {"server_kbps", t.serverKbps},
        {"connections", t.connections},
        {"stalls", t.stalls},
        {"key_requests", t.keyRequests},
        {"resizes", t.resizes},
    };
    std::printf("%s: %ld frames in %.1f s (%.1f/s), %.2f Mbit/s, %ld key frames, %ld not decoded; latency rendered -> "
                "decoded p50 %.1f ms, p90 %.1f ms, p99 %.1f ms; the loop drew %.1f frames/s; %ld connections\n",
                o.stream.c_str(), t.frames, seconds, static_cast<double>(t.frames) / seconds, t.payloadBytes * 8 / seconds / 1e6,
                t.keyFrames, t.decodeErrors, percentile(t.latencyMs, 0.5), percentile(t.latencyMs, 0.9),
                percentile(t.latencyMs, 0.99), loopFps, t.connections);
    if (!o.json.empty()) std::ofstream(o.json) << summary.dump(2) << "\n";
    return t.decodeErrors > 0 ? 1 : 0;
}
