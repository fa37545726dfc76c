// Reads a video back with libavformat/libavcodec (the library's reader, as ffprobe would): its size, codec,
// frame count, each frame's time and, on request, the first and last frames as RGBA (bottom row first, like
// racelab's images), so the tests judge what racelab wrote by what a player would show.
#pragma once
#include <string>
#include <vector>

#include "core/host_image.hpp"

namespace racelab::testing {

struct ReadVideo {
    std::string codec;  // libavcodec's name: h264, vp9, gif
    int width = 0, height = 0;
    long frames = 0;                    // decoded
    std::vector<double> frameSeconds;   // each decoded frame's presentation time
    double durationSeconds = 0;         // the container's duration
    HostImage first, last;              // with decodeImages
};

// Throws std::runtime_error naming the file when it cannot be read.
ReadVideo readVideo(const std::string& path, bool decodeImages = true);

// Decodes an H.264 stream given as one Annex B access unit a packet, in order, as a WebCodecs decoder is fed
// (racelab serve's stream): each decoded frame as RGBA, bottom row first. Throws std::runtime_error when the
// decoder refuses a packet.
std::vector<HostImage> decodeH264Packets(const std::vector<std::string>& packets);

// Peak signal-to-noise ratio of `b` against `a` over the RGB channels, in dB (99 for identical images).
double psnrRgb(const HostImage& a, const HostImage& b);
// The columns [x, x + width) of `image`, every row.
HostImage cropColumns(const HostImage& image, int x, int width);

}  // namespace racelab::testing
