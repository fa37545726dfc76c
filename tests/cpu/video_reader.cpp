#include "video_reader.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

namespace racelab::testing {
namespace {

HostImage toRgba(const AVFrame* frame) {
    HostImage image(frame->width, frame->height);
    SwsContext* sws = sws_getContext(frame->width, frame->height, static_cast<AVPixelFormat>(frame->format),
                                     frame->width, frame->height, AV_PIX_FMT_RGBA, SWS_POINT | SWS_ACCURATE_RND,
                                     nullptr, nullptr, nullptr);
    if (!sws) throw std::runtime_error("cannot convert a decoded frame");
    const int stride = frame->width * 4;
    std::uint8_t* destination[4] = {image.pixels.data() + static_cast<std::size_t>(frame->height - 1) * stride};
    const int destinationStride[4] = {-stride};  // bottom row first
    sws_scale(sws, frame->data, frame->linesize, 0, frame->height, destination, destinationStride);
    sws_freeContext(sws);
    return image;
}

}  // namespace

ReadVideo readVideo(const std::string& path, bool decodeImages) {
    AVFormatContext* format = nullptr;
    // "file:" so that the name is a file name whatever it holds (a leading dash, a colon).
    if (avformat_open_input(&format, ("file:" + path).c_str(), nullptr, nullptr) < 0)
        throw std::runtime_error("cannot open the video " + path);
    ReadVideo out;
    AVCodecContext* codec = nullptr;
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    try {
        if (avformat_find_stream_info(format, nullptr) < 0) throw std::runtime_error("no stream info in " + path);
        const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
        if (index < 0) throw std::runtime_error("no video stream in " + path);
        AVStream* stream = format->streams[index];
        const AVCodec* decoder = avcodec_find_decoder(stream->codecpar->codec_id);
        codec = avcodec_alloc_context3(decoder);
        avcodec_parameters_to_context(codec, stream->codecpar);
        if (avcodec_open2(codec, decoder, nullptr) < 0) throw std::runtime_error("cannot decode " + path);
        out.codec = decoder->name;
        out.width = stream->codecpar->width;
        out.height = stream->codecpar->height;
        if (format->duration != AV_NOPTS_VALUE) out.durationSeconds = static_cast<double>(format->duration) / AV_TIME_BASE;
        auto drain = [&] {
            while (avcodec_receive_frame(codec, frame) == 0) {
                ++out.frames;
                out.frameSeconds.push_back(static_cast<double>(frame->best_effort_timestamp) * av_q2d(stream->time_base));
                if (decodeImages) {
                    if (out.frames == 1) out.first = toRgba(frame);
                    out.last = toRgba(frame);
                }
            }
        };
        while (av_read_frame(format, packet) >= 0) {
            if (packet->stream_index == index && avcodec_send_packet(codec, packet) >= 0) drain();
            av_packet_unref(packet);
        }
        avcodec_send_packet(codec, nullptr);
        drain();
    } catch (...) {
        av_frame_free(&frame);
        av_packet_free(&packet);
        avcodec_free_context(&codec);
        avformat_close_input(&format);
        throw;
    }
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    return out;
}

std::vector<HostImage> decodeH264Packets(const std::vector<std::string>& packets) {
    const AVCodec* decoder = avcodec_find_decoder(AV_CODEC_ID_H264);
    if (!decoder) throw std::runtime_error("this libavcodec has no H.264 decoder");
    AVCodecContext* codec = avcodec_alloc_context3(decoder);
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    std::vector<HostImage> out;
    std::string failure;
    if (avcodec_open2(codec, decoder, nullptr) < 0) failure = "cannot open the H.264 decoder";
    const auto receive = [&] {
        while (avcodec_receive_frame(codec, frame) == 0) out.push_back(toRgba(frame));
    };
    for (std::size_t i = 0; i < packets.size() && failure.empty(); ++i) {
        av_new_packet(packet, static_cast<int>(packets[i].size()));
        std::memcpy(packet->data, packets[i].data(), packets[i].size());
        if (avcodec_send_packet(codec, packet) < 0) failure = "the H.264 decoder refused packet " + std::to_string(i);
        av_packet_unref(packet);
        receive();
    }
    if (failure.empty() && avcodec_send_packet(codec, nullptr) == 0) receive();
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    if (!failure.empty()) throw std::runtime_error(failure);
    return out;
}

double psnrRgb(const HostImage& a, const HostImage& b) {
    if (a.width != b.width || a.height != b.height) throw std::runtime_error("psnrRgb: the images differ in size");
    double squared = 0;
    const std::size_t pixels = static_cast<std::size_t>(a.width) * a.height;
    for (std::size_t i = 0; i < pixels; ++i)
        for (int c = 0; c < 3; ++c) {
            const double d = static_cast<double>(a.pixels[4 * i + c]) - b.pixels[4 * i + c];
            squared += d * d;
        }
    const double mean = squared / (3.0 * static_cast<double>(pixels));
    return mean == 0 ? 99.0 : 10.0 * std::log10(255.0 * 255.0 / mean);
}

HostImage cropColumns(const HostImage& image, int x, int width) {
    HostImage out(width, image.height);
    for (int y = 0; y < image.height; ++y) std::memcpy(out.at(0, y), image.at(x, y), static_cast<std::size_t>(width) * 4);
    return out;
}

}  // namespace racelab::testing
