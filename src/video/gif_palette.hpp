// Turns RGB frames into the palette frames a GIF holds: libavfilter's palettegen picks 256 colours for each
// frame (stats_mode=single) and paletteuse maps the frame onto them with ordered (Bayer) dithering. A palette
// per frame keeps every colour a frame shows (a heat map's scale appearing late still gets its own colours)
// and streams: nothing waits for the end of the recording, as one palette for the whole clip would. Ordered
// dithering puts the same pattern on unchanged pixels in every frame, so they stay equal and compress.
#pragma once
#include <memory>

struct AVFrame;
struct AVRational;

namespace racelab {

class GifPalette {
public:
    // Frames of `width` x `height` RGB24 with timestamps in `timeBase`.
    GifPalette(int width, int height, AVRational timeBase);
    ~GifPalette();
    GifPalette(const GifPalette&) = delete;
    GifPalette& operator=(const GifPalette&) = delete;

    // Hands one RGB24 frame in (nullptr: no more frames); the filters keep their own reference.
    void push(AVFrame* rgb);
    // The next palette frame, or nullptr when none is ready. The caller owns it (av_frame_free).
    AVFrame* pull();

private:
    struct Graph;
    std::unique_ptr<Graph> graph_;
};

}  // namespace racelab
