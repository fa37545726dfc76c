#include "video/gif_palette.hpp"

#include <string>

#include "core/errors.hpp"
#include "video/av_error.hpp"

extern "C" {
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/frame.h>
#include <libavutil/pixdesc.h>
}

namespace racelab {

struct GifPalette::Graph {
    AVFilterGraph* graph = nullptr;
    AVFilterContext* source = nullptr;
    AVFilterContext* sink = nullptr;
    ~Graph() { avfilter_graph_free(&graph); }
};

GifPalette::GifPalette(int width, int height, AVRational timeBase) : graph_(std::make_unique<Graph>()) {
    Graph& g = *graph_;
    g.graph = avfilter_graph_alloc();
    if (!g.graph) throw Error("cannot allocate the GIF palette filters");
    g.graph->nb_threads = 1;  // runs on the encoder's thread already
    const std::string sourceArgs = "video_size=" + std::to_string(width) + "x" + std::to_string(height) +
                                   ":pix_fmt=" + av_get_pix_fmt_name(AV_PIX_FMT_RGB24) + ":time_base=" +
                                   std::to_string(timeBase.num) + "/" + std::to_string(timeBase.den) +
                                   ":pixel_aspect=1/1";
    checkAv(avfilter_graph_create_filter(&g.source, avfilter_get_by_name("buffer"), "in", sourceArgs.c_str(), nullptr,
                                         g.graph),
            "cannot set up the GIF palette filters (buffer)");
    checkAv(avfilter_graph_create_filter(&g.sink, avfilter_get_by_name("buffersink"), "out", nullptr, nullptr, g.graph),
            "cannot set up the GIF palette filters (buffersink)");
    AVFilterInOut* outputs = avfilter_inout_alloc();
    AVFilterInOut* inputs = avfilter_inout_alloc();
    outputs->name = av_strdup("in");
    outputs->filter_ctx = g.source;
    inputs->name = av_strdup("out");
    inputs->filter_ctx = g.sink;
    const char* description =
        "split[a][b];[a]palettegen=stats_mode=single:reserve_transparent=0[p];"
        "[b][p]paletteuse=new=1:dither=bayer:bayer_scale=3";
    const int parsed = avfilter_graph_parse_ptr(g.graph, description, &inputs, &outputs, nullptr);
    avfilter_inout_free(&inputs);
    avfilter_inout_free(&outputs);
    checkAv(parsed, "cannot set up the GIF palette filters (palettegen, paletteuse)");
    checkAv(avfilter_graph_config(g.graph, nullptr), "cannot set up the GIF palette filters");
}

GifPalette::~GifPalette() = default;

void GifPalette::push(AVFrame* rgb) {
    checkAv(av_buffersrc_add_frame_flags(graph_->source, rgb, AV_BUFFERSRC_FLAG_KEEP_REF),
            "the GIF palette filters refused a frame");
}

AVFrame* GifPalette::pull() {
    AVFrame* frame = av_frame_alloc();
    const int result = av_buffersink_get_frame(graph_->sink, frame);
    if (result < 0) {
        av_frame_free(&frame);
        if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return nullptr;
        checkAv(result, "the GIF palette filters failed");
    }
    return frame;
}

}  // namespace racelab
