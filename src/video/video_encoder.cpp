#include "video/video_encoder.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "core/errors.hpp"
#include "core/fault_injection.hpp"
#include "video/av_error.hpp"
#include "video/gif_palette.hpp"
#include "video/video_file_output.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

namespace racelab {
namespace {

// Settings for screen content recorded while the viewer runs: fast enough to keep up on the encoder thread,
// sharp enough for one-pixel edges. H.264: x264's "veryfast" preset at constant quality 20. VP9: libvpx's
// real-time mode at its fastest speed, constant quality 32. GIF: the encoder's defaults.
AVDictionary* encoderOptions(VideoContainer container) {
    AVDictionary* options = nullptr;
    if (container == VideoContainer::Mp4) {
        av_dict_set(&options, "preset", "veryfast", 0);
        av_dict_set(&options, "crf", "20", 0);
    } else if (container == VideoContainer::Webm) {
        av_dict_set(&options, "deadline", "realtime", 0);
        av_dict_set(&options, "cpu-used", "8", 0);
        av_dict_set(&options, "crf", "32", 0);
        av_dict_set(&options, "row-mt", "1", 0);
    }
    return options;
}

}  // namespace

struct VideoEncoder::Impl {
    VideoFormat format;
    VideoSettings settings;
    const AVCodec* codec = nullptr;
    AVFormatContext* muxer = nullptr;
    std::unique_ptr<VideoFileOutput> output;
    AVCodecContext* context = nullptr;
    AVStream* stream = nullptr;
    AVFrame* frame = nullptr;  // YUV 4:2:0 for H.264 / VP9, RGB24 for the GIF's palette filters
    AVPacket* packet = nullptr;
    SwsContext* scaler = nullptr;
    std::unique_ptr<GifPalette> palette;
    AVRational timeBase{1, 1000};
    int firstWidth = 0, firstHeight = 0;  // the first frame's size: later ones of this size are not scaled
    std::int64_t lastPts = -1;
    // Each frame's duration, known once the next frame comes (the last: the one before it). The encoder hands
    // packets out frames later; a packet without its duration would make the MP4's last frame last no time,
    // and its edit list would cut that frame off.
    std::map<std::int64_t, std::int64_t> durations;
    std::int64_t lastDuration = 1;
    long written = 0;
    bool finished = false;

    ~Impl() {
        sws_freeContext(scaler);
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&context);
        if (muxer) muxer->pb = nullptr;  // the output owns its I/O context
        avformat_free_context(muxer);
    }

    bool gif() const { return format.container == VideoContainer::Gif; }

    void open(int width, int height) {
        const int w = gif() ? width : width & ~1, h = gif() ? height : height & ~1;
        if (w < 2 || h < 2)
            throw Error("a video needs frames of at least 2x2 pixels; this one is " + std::to_string(width) + "x" +
                        std::to_string(height));
        firstWidth = width;
        firstHeight = height;
        // Time base: one tick a frame at a fixed rate; otherwise milliseconds (a GIF: its hundredths).
        if (settings.fps > 0) timeBase = av_inv_q(av_d2q(settings.fps, 1 << 20));
        else timeBase = gif() ? AVRational{1, 100} : AVRational{1, 1000};
        context = avcodec_alloc_context3(codec);
        if (!context) throw Error("cannot allocate the " + std::string(format.codecName) + " encoder");
        context->width = w;
        context->height = h;
        context->time_base = timeBase;
        if (settings.fps > 0) context->framerate = av_inv_q(timeBase);
        context->pix_fmt = gif() ? AV_PIX_FMT_PAL8 : AV_PIX_FMT_YUV420P;
        context->sample_aspect_ratio = {1, 1};
        if (!gif()) {  // what libswscale's RGB -> YUV conversion below produces: BT.601, limited range
            context->colorspace = AVCOL_SPC_SMPTE170M;
            context->color_primaries = AVCOL_PRI_SMPTE170M;
            context->color_trc = AVCOL_TRC_SMPTE170M;
            context->color_range = AVCOL_RANGE_MPEG;
        }
        if (muxer->oformat->flags & AVFMT_GLOBALHEADER) context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
        AVDictionary* options = encoderOptions(format.container);
        const int opened = avcodec_open2(context, codec, &options);
        av_dict_free(&options);
        checkAv(opened, std::string("cannot start the ") + format.codecName + " encoder (" + format.encoder + ")");
        stream = avformat_new_stream(muxer, nullptr);
        if (!stream) throw Error("cannot add a video stream to '" + output->path() + "'");
        checkAv(avcodec_parameters_from_context(stream->codecpar, context), "cannot describe the video stream");
        stream->time_base = timeBase;
        if (settings.fps > 0) stream->avg_frame_rate = av_inv_q(timeBase);
        checkOutput(avformat_write_header(muxer, nullptr), "cannot start the video file");
        frame = av_frame_alloc();
        packet = av_packet_alloc();
        if (!frame || !packet) throw Error("cannot allocate the video's frame");
        frame->format = gif() ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_YUV420P;
        frame->width = w;
        frame->height = h;
        checkAv(av_frame_get_buffer(frame, 0), "cannot allocate the video's frame");
        if (gif()) palette = std::make_unique<GifPalette>(w, h, timeBase);
    }

    // A write error of the file says what the disk said (e.g. no space left) rather than libav's code.
    int checkOutput(int code, const std::string& what) {
        if (code < 0 && !output->writeError().empty()) throw Error(output->writeError());
        return checkAv(code, what + " '" + output->path() + "'");
    }

    // The frame's place in the video, or -1 when it would not come after the previous one.
    std::int64_t ptsOf(const VideoFrame& f) const {
        const std::int64_t pts = settings.fps > 0 ? f.index : std::llround(f.seconds / av_q2d(timeBase));
        const std::int64_t earliest = lastPts < 0 ? 0 : lastPts + (gif() && settings.fps <= 0 ? 2 : 1);
        return pts >= earliest ? pts : -1;
    }

    // Converts the RGBA frame (bottom row first) into `frame`, flipping it; scaled to fit, centred on black,
    // when its size is not the first frame's.
    void convert(const VideoFrame& f) {
        checkAv(av_frame_make_writable(frame), "cannot reuse the video's frame");
        int srcW = f.width, srcH = f.height, dstW = frame->width, dstH = frame->height, x = 0, y = 0;
        const bool sameSize = f.width == firstWidth && f.height == firstHeight;
        if (sameSize) {
            srcW = dstW;  // H.264 / VP9: an odd last column or bottom row is left out, not scaled away
            srcH = dstH;
        } else {
            const double scale = std::min(static_cast<double>(frame->width) / f.width,
                                          static_cast<double>(frame->height) / f.height);
            dstW = std::max(2, static_cast<int>(f.width * scale) & ~1);
            dstH = std::max(2, static_cast<int>(f.height * scale) & ~1);
            x = ((frame->width - dstW) / 2) & ~1;
            y = ((frame->height - dstH) / 2) & ~1;
            clearToBlack();
        }
        const AVPixelFormat target = static_cast<AVPixelFormat>(frame->format);
        scaler = sws_getCachedContext(scaler, srcW, srcH, AV_PIX_FMT_RGBA, dstW, dstH, target,
                                      (sameSize ? SWS_POINT : SWS_BICUBIC) | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                      nullptr, nullptr, nullptr);
        if (!scaler) throw Error("cannot convert the video's frames (libswscale)");
        const int stride = f.width * 4;
        // The top row first: start at the last row and step backwards.
        const std::uint8_t* source[4] = {f.rgba.data() + static_cast<std::size_t>(f.height - 1) * stride, nullptr,
                                          nullptr, nullptr};
        const int sourceStride[4] = {-stride, 0, 0, 0};
        std::uint8_t* destination[4] = {};
        for (int plane = 0; plane < (gif() ? 1 : 3); ++plane) {
            const int shift = plane == 0 ? 0 : 1;
            destination[plane] = frame->data[plane] + static_cast<std::ptrdiff_t>(y >> shift) * frame->linesize[plane] +
                                 (gif() ? 3 * x : x >> shift);
        }
        sws_scale(scaler, source, sourceStride, 0, srcH, destination, frame->linesize);
    }

    void clearToBlack() {
        if (gif()) {
            for (int row = 0; row < frame->height; ++row) std::memset(frame->data[0] + row * frame->linesize[0], 0, 3 * frame->width);
            return;
        }
        for (int plane = 0; plane < 3; ++plane) {  // limited-range black: Y 16, U and V 128
            const int rows = plane == 0 ? frame->height : (frame->height + 1) / 2;
            const int columns = plane == 0 ? frame->width : (frame->width + 1) / 2;
            for (int row = 0; row < rows; ++row)
                std::memset(frame->data[plane] + row * frame->linesize[plane], plane == 0 ? 16 : 128, columns);
        }
    }

    // Sends one frame (nullptr: the end) to the encoder and writes every packet it has ready.
    void encode(AVFrame* input) {
        if (gif()) {
            palette->push(input);
            while (AVFrame* paletted = palette->pull()) {
                sendAndWrite(paletted);
                av_frame_free(&paletted);
            }
            if (!input) sendAndWrite(nullptr);
            return;
        }
        sendAndWrite(input);
    }

    void sendAndWrite(AVFrame* input) {
        checkAv(avcodec_send_frame(context, input), std::string("the ") + format.codecName + " encoder refused a frame");
        for (;;) {
            const int received = avcodec_receive_packet(context, packet);
            if (received == AVERROR(EAGAIN) || received == AVERROR_EOF) return;
            checkAv(received, std::string("the ") + format.codecName + " encoder failed");
            if (auto known = durations.find(packet->pts); known != durations.end()) {
                if (packet->duration == 0) packet->duration = known->second;
                durations.erase(known);
            }
            av_packet_rescale_ts(packet, context->time_base, stream->time_base);
            packet->stream_index = stream->index;
            checkOutput(av_interleaved_write_frame(muxer, packet), "cannot write the video");
        }
    }
};

VideoEncoder::VideoEncoder(const std::string& path, VideoSettings settings) : impl_(std::make_unique<Impl>()) {
    av_log_set_level(AV_LOG_ERROR);  // the encoders' statistics are not racelab's output; errors come back as Error
    Impl& m = *impl_;
    m.format = videoFormatForPath(path);
    checkVideoFps(path, settings.fps);
    m.settings = settings;
    m.codec = faultInjection().failVideoEncoder ? nullptr : avcodec_find_encoder_by_name(m.format.encoder);
    if (!m.codec)
        throw Error(std::string("this libavcodec has no ") + m.format.encoder + " encoder, which " + m.format.codecName +
                    " needs ('" + path + "'): install Debian's libavcodec59 (tools/install-deps.sh), or record " +
                    (m.format.container == VideoContainer::Gif ? ".mp4 or .webm" : "another format (" +
                     std::string(kVideoExtensions) + ")"));
    checkAv(avformat_alloc_output_context2(&m.muxer, nullptr, m.format.muxer, nullptr),
            std::string("this libavformat cannot write ") + m.format.muxer + " files");
    m.output = std::make_unique<VideoFileOutput>(path);
    m.muxer->pb = m.output->io();
    m.muxer->flags |= AVFMT_FLAG_CUSTOM_IO;
}

VideoEncoder::~VideoEncoder() = default;

bool VideoEncoder::write(const VideoFrame& f) {
    Impl& m = *impl_;
    RACELAB_REQUIRE(!m.finished, "the video is finished");
    RACELAB_REQUIRE(f.width > 0 && f.height > 0 && f.rgba.size() == static_cast<std::size_t>(f.width) * f.height * 4,
                    "a video frame must hold width x height RGBA pixels");
    if (!m.context) m.open(f.width, f.height);
    const std::int64_t pts = m.ptsOf(f);
    if (pts < 0) return false;
    m.convert(f);
    m.frame->pts = pts;
    if (m.lastPts >= 0) m.durations[m.lastPts] = m.lastDuration = pts - m.lastPts;
    m.lastPts = pts;
    m.encode(m.frame);
    ++m.written;
    return true;
}

void VideoEncoder::abandon() {
    impl_->finished = true;
    impl_->output->discard();
}

void VideoEncoder::finish() {
    Impl& m = *impl_;
    if (m.finished) return;
    m.finished = true;
    if (!m.context) throw Error("no frame was recorded, so '" + m.output->path() + "' was not written");
    // The last frame lasts a frame at a fixed rate, otherwise as long as the one before it.
    m.durations[m.lastPts] = m.settings.fps > 0 ? 1 : m.lastDuration;
    m.encode(nullptr);
    m.checkOutput(av_write_trailer(m.muxer), "cannot complete the video");
    m.output->commit();
}

const VideoFormat& VideoEncoder::format() const { return impl_->format; }
const std::string& VideoEncoder::path() const { return impl_->output->path(); }
std::uint64_t VideoEncoder::bytesWritten() const { return impl_->output->bytesWritten(); }
long VideoEncoder::framesWritten() const { return impl_->written; }
int VideoEncoder::width() const { return impl_->context ? impl_->context->width : 0; }
int VideoEncoder::height() const { return impl_->context ? impl_->context->height : 0; }

}  // namespace racelab
