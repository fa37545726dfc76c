#include "video/h264_stream_encoder.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "video/av_error.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace racelab {
namespace {

// The encoders tried, in order: NVIDIA's where the GPU has NVENC (an H100 or H200 has none, and its open fails
// at once), x264 on the CPU otherwise.
constexpr const char* kEncoders[] = {"h264_nvenc", "libx264"};

// Latency first: no B-frames (a frame is never held for a later one), no look-ahead, an IDR frame whenever one
// is asked for; quality as the recordings' (x264's constant quality 20) under a peak rate with half a second of
// buffer. Baseline profile: what every WebCodecs H.264 decoder takes.
AVDictionary* encoderOptions(const std::string& name) {
    AVDictionary* options = nullptr;
    av_dict_set(&options, "forced-idr", "1", 0);
    if (name == "h264_nvenc") {
        av_dict_set(&options, "preset", "p1", 0);
        av_dict_set(&options, "tune", "ull", 0);
        av_dict_set(&options, "zerolatency", "1", 0);
        av_dict_set(&options, "delay", "0", 0);
        av_dict_set(&options, "rc", "vbr", 0);
        av_dict_set(&options, "profile", "baseline", 0);
    } else {
        av_dict_set(&options, "preset", "superfast", 0);
        av_dict_set(&options, "tune", "zerolatency", 0);
        av_dict_set(&options, "profile", "baseline", 0);
        av_dict_set(&options, "crf", "20", 0);
    }
    return options;
}

}  // namespace

struct H264StreamEncoder::Impl {
    H264StreamSettings settings;
    std::string name;
    AVCodecContext* context = nullptr;
    AVFrame* frame = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* scaler = nullptr;
    std::int64_t pts = 0;

    ~Impl() { close(); }

    void close() {
        sws_freeContext(scaler);
        scaler = nullptr;
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&context);
        name.clear();
    }

    // The first of kEncoders that opens at w x h; the reasons of each that did not, otherwise.
    void open(int w, int h) {
        std::string why;
        for (const char* encoder : kEncoders) {
            const AVCodec* codec = avcodec_find_encoder_by_name(encoder);
            if (!codec) {
                why += std::string(why.empty() ? "" : "; ") + encoder + ": not in this libavcodec";
                continue;
            }
            context = avcodec_alloc_context3(codec);
            if (!context) throw Error("cannot allocate the H.264 encoder");
            describe(w, h);
            AVDictionary* options = encoderOptions(encoder);
            // NVENC's open says on the log why it cannot start (no NVENC, no driver); that is expected, and said below.
            const int level = av_log_get_level();
            if (std::string(encoder) == "h264_nvenc") av_log_set_level(AV_LOG_QUIET);
            const int opened = avcodec_open2(context, codec, &options);
            av_log_set_level(level);
            av_dict_free(&options);
            if (opened >= 0) {
                name = encoder;
                break;
            }
            why += std::string(why.empty() ? "" : "; ") + encoder + ": " + avErrorText(opened);
            avcodec_free_context(&context);
        }
        if (!context)
            throw Error("no H.264 encoder starts here (" + why + "); install Debian's libavcodec59 "
                        "(tools/install-deps.sh), or the page shows JPEG frames");
        frame = av_frame_alloc();
        packet = av_packet_alloc();
        if (!frame || !packet) throw Error("cannot allocate the H.264 encoder's frame");
        frame->format = AV_PIX_FMT_YUV420P;
        frame->width = w;
        frame->height = h;
        checkAv(av_frame_get_buffer(frame, 0), "cannot allocate the H.264 encoder's frame");
        pts = 0;
    }

    void describe(int w, int h) {
        context->width = w;
        context->height = h;
        const int fps = std::clamp(static_cast<int>(std::lround(settings.fps)), 1, 240);
        context->time_base = {1, fps};
        context->framerate = {fps, 1};
        context->pix_fmt = AV_PIX_FMT_YUV420P;
        context->max_b_frames = 0;
        context->gop_size = 4 * fps;  // a key frame every 4 s at most; a client that needs one asks
        context->rc_max_rate = static_cast<std::int64_t>(settings.maxMbps * 1e6);
        context->rc_buffer_size = static_cast<int>(context->rc_max_rate / 2);
        context->bit_rate = context->rc_max_rate * 3 / 4;  // NVENC's target; x264 keeps its constant quality
        context->thread_count = 0;
        context->sample_aspect_ratio = {1, 1};
        // What libswscale's RGB -> YUV conversion produces, written into the stream so the browser undoes it.
        context->colorspace = AVCOL_SPC_SMPTE170M;
        context->color_primaries = AVCOL_PRI_SMPTE170M;
        context->color_trc = AVCOL_TRC_SMPTE170M;
        context->color_range = AVCOL_RANGE_MPEG;
    }

    // The RGBA frame (bottom row first) into `frame`, flipped; an odd last column or row left out.
    void convert(const std::uint8_t* rgba, int width, int height) {
        checkAv(av_frame_make_writable(frame), "cannot reuse the H.264 encoder's frame");
        scaler = sws_getCachedContext(scaler, frame->width, frame->height, AV_PIX_FMT_RGBA, frame->width, frame->height,
                                      AV_PIX_FMT_YUV420P, SWS_POINT | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
        if (!scaler) throw Error("cannot convert frames for the H.264 encoder (libswscale)");
        const int stride = width * 4;
        const std::uint8_t* source[4] = {rgba + static_cast<std::size_t>(height - 1) * stride, nullptr, nullptr, nullptr};
        const int sourceStride[4] = {-stride, 0, 0, 0};
        sws_scale(scaler, source, sourceStride, 0, frame->height, frame->data, frame->linesize);
    }
};

H264StreamEncoder::H264StreamEncoder(H264StreamSettings settings) : impl_(std::make_unique<Impl>()) {
    av_log_set_level(AV_LOG_ERROR);  // x264's statistics are not racelab's output; errors come back as Error
    impl_->settings = settings;
}

H264StreamEncoder::~H264StreamEncoder() = default;

H264Packet H264StreamEncoder::encode(const std::uint8_t* rgba, int width, int height, bool keyFrame) {
    Impl& m = *impl_;
    const int w = width & ~1, h = height & ~1;
    if (w < 2 || h < 2) throw Error("an H.264 frame needs at least 2x2 pixels; this one is " + std::to_string(width) + "x" +
                                    std::to_string(height));
    if (m.context && (m.context->width != w || m.context->height != h)) m.close();
    if (!m.context) m.open(w, h);
    m.convert(rgba, width, height);
    m.frame->pts = m.pts++;
    m.frame->pict_type = keyFrame ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
    checkAv(avcodec_send_frame(m.context, m.frame), "the H.264 encoder refused a frame");
    H264Packet out;
    for (;;) {
        const int received = avcodec_receive_packet(m.context, m.packet);
        if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) break;
        checkAv(received, "the H.264 encoder failed");
        out.annexB.append(reinterpret_cast<const char*>(m.packet->data), static_cast<std::size_t>(m.packet->size));
        out.keyFrame |= (m.packet->flags & AV_PKT_FLAG_KEY) != 0;
        av_packet_unref(m.packet);
    }
    return out;
}

const std::string& H264StreamEncoder::encoderName() const { return impl_->name; }
int H264StreamEncoder::width() const { return impl_->context ? impl_->context->width : 0; }
int H264StreamEncoder::height() const { return impl_->context ? impl_->context->height : 0; }

}  // namespace racelab
