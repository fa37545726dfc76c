// The race meter's count and the comparison views (diff, wipe, side by side, heat map). One thread per pixel;
// differing pixels are counted with one atomic per warp.
#include "frame/race_view_kernels.hpp"

#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/cuda_check.hpp"

namespace racelab {
namespace {

constexpr unsigned kThreads = 256;

__device__ bool differs(uchar4 a, uchar4 b, int threshold) {
    return abs(a.x - b.x) > threshold || abs(a.y - b.y) > threshold || abs(a.z - b.z) > threshold;
}

__device__ uchar4* pixelAt(std::uint8_t* frame, std::size_t pitch, int x, int y) {
    return reinterpret_cast<uchar4*>(frame + static_cast<std::size_t>(y) * pitch) + x;
}

__device__ uchar4 pixelOf(FrameView view, int x, int y) {
    return reinterpret_cast<const uchar4*>(view.pixels)[static_cast<std::size_t>(y) * view.width + x];
}

// Every thread of the block calls it (the ballot needs the whole warp).
__device__ void countWarp(bool differing, unsigned long long* counter) {
    const unsigned ballot = __ballot_sync(0xffffffffu, differing);
    if ((threadIdx.x & 31) == 0 && ballot) atomicAdd(counter, static_cast<unsigned long long>(__popc(ballot)));
}

__global__ void countKernel(std::uint8_t* frame, std::size_t pitch, FrameView good, int width, int threshold,
                            bool paint, unsigned long long* counter) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    bool d = false;
    if (x < width) {
        uchar4* p = pixelAt(frame, pitch, x, y);
        d = differs(*p, pixelOf(good, x, y), threshold);
        if (d && paint) *p = make_uchar4(255, 0, 255, 255);
    }
    countWarp(d, counter);
}

__global__ void wipeKernel(std::uint8_t* frame, std::size_t pitch, FrameView good, int width, int threshold, int divider,
                           unsigned long long* counter) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    bool d = false;
    if (x < width) {
        uchar4* p = pixelAt(frame, pitch, x, y);
        const uchar4 g = pixelOf(good, x, y);
        d = differs(*p, g, threshold);
        if (x == divider || x == divider - 1) *p = make_uchar4(255, 255, 255, 255);
        else if (x < divider) *p = g;
    }
    countWarp(d, counter);
}

// The 2x2 box average of `view` at (2x, 2y).
__device__ uchar4 halfSize(FrameView view, int x, int y) {
    const uchar4 a = pixelOf(view, 2 * x, 2 * y), b = pixelOf(view, 2 * x + 1, 2 * y);
    const uchar4 c = pixelOf(view, 2 * x, 2 * y + 1), d = pixelOf(view, 2 * x + 1, 2 * y + 1);
    return make_uchar4((a.x + b.x + c.x + d.x + 2) / 4, (a.y + b.y + c.y + d.y + 2) / 4, (a.z + b.z + c.z + d.z + 2) / 4,
                       255);
}

__global__ void sideKernel(std::uint8_t* frame, std::size_t pitch, FrameView good, FrameView racy, int width, int height) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= width) return;
    const int half = width / 2, rows = height / 2, top = (height - rows) / 2;
    uchar4 out = make_uchar4(24, 24, 28, 255);
    const int ly = y - top;
    if (x == half - 1 || x == half) out = make_uchar4(200, 200, 200, 255);
    else if (ly >= 0 && ly < rows && x < half) out = halfSize(good, x, ly);
    else if (ly >= 0 && ly < rows && x >= width - half) out = halfSize(racy, x - (width - half), ly);
    *pixelAt(frame, pitch, x, y) = out;
}

// The heat scale: a differing count as a fraction t of the window, from dark violet (rare) to pale yellow
// (every frame), piecewise linear through four stops.
__device__ uchar4 heatColour(float t) {
    const float stops[4][3] = {{70, 20, 120}, {200, 40, 80}, {250, 150, 30}, {255, 250, 190}};
    const float s = fminf(fmaxf(t, 0.f), 1.f) * 3.f;
    const int i = min(static_cast<int>(s), 2);
    const float f = s - static_cast<float>(i);
    float c[3];
    for (int k = 0; k < 3; ++k) c[k] = stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f;
    return make_uchar4(static_cast<unsigned char>(c[0]), static_cast<unsigned char>(c[1]),
                       static_cast<unsigned char>(c[2]), 255);
}

__global__ void heatKernel(std::uint8_t* frame, std::size_t pitch, FrameView good, int width, int threshold,
                           std::uint64_t* history, int window, unsigned long long* counter) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    bool d = false;
    if (x < width) {
        uchar4* p = pixelAt(frame, pitch, x, y);
        const uchar4 racy = *p;
        d = differs(racy, pixelOf(good, x, y), threshold);
        const std::uint64_t mask = window >= 64 ? ~0ull : (1ull << window) - 1;
        std::uint64_t& h = history[static_cast<std::size_t>(y) * width + x];
        h = ((h << 1) | (d ? 1ull : 0ull)) & mask;
        const int n = __popcll(h);
        if (n > 0) {
            *p = heatColour(static_cast<float>(n) / static_cast<float>(window));
        } else {  // never differed: the frame itself, grey and dimmed so that the heat stands out
            const unsigned char grey = static_cast<unsigned char>((racy.x * 54 + racy.y * 183 + racy.z * 19) / 256 / 3);
            *p = make_uchar4(grey, grey, grey, 255);
        }
    }
    countWarp(d, counter);
}

// 3x5 digits, rows from the top, 3 bits a row (bit 2 = left column).
__constant__ unsigned short kDigits[10] = {0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7249, 0x7BEF, 0x7BCF};

// Whether pixel (x, y) of a number drawn with its lower-left corner at (0, 0) in 2x-scaled 3x5 digits is ink.
__device__ bool numberInk(int value, int digits, int x, int y) {
    if (x < 0 || y < 0 || y >= 10 || x >= digits * 8) return false;
    const int position = x / 8, column = (x % 8) / 2, row = 4 - y / 2;
    if (column >= 3) return false;
    int digit = value;
    for (int i = digits - 1; i > position; --i) digit /= 10;
    return (kDigits[digit % 10] >> (14 - (row * 3 + column))) & 1;
}

constexpr int kLegendWidth = 148, kLegendHeight = 36, kLegendMargin = 8, kBarWidth = 128;

// The legend: the colour of 1 .. window differing frames along a bar, "1" under its left end and the window
// under its right end.
__global__ void legendKernel(std::uint8_t* frame, std::size_t pitch, int width, int height, int window) {
    const int bx = blockIdx.x * blockDim.x + threadIdx.x, by = blockIdx.y;
    const int x = kLegendMargin + bx, y = kLegendMargin + by;
    if (bx >= kLegendWidth || x >= width || y >= height) return;
    uchar4 out = make_uchar4(16, 16, 20, 255);
    if (bx == 0 || by == 0 || bx == kLegendWidth - 1 || by == kLegendHeight - 1) out = make_uchar4(120, 120, 120, 255);
    const int barX = bx - 10;
    if (barX >= 0 && barX < kBarWidth && by >= 20 && by < 30) {
        const int level = 1 + barX * window / kBarWidth;
        out = heatColour(static_cast<float>(level) / static_cast<float>(window));
    }
    const int windowDigits = window >= 10 ? 2 : 1;
    if (numberInk(1, 1, bx - 10, by - 5) ||
        numberInk(window, windowDigits, bx - (10 + kBarWidth - windowDigits * 8 + 2), by - 5))
        out = make_uchar4(230, 230, 230, 255);
    *pixelAt(frame, pitch, x, y) = out;
}

dim3 pixelGrid(int width, int height) { return dim3(blocksFor(static_cast<std::size_t>(width), kThreads), height); }

void zero(unsigned long long* counter, cudaStream_t stream) {
    CUDA_CHECK(cudaMemsetAsync(counter, 0, sizeof *counter, stream));
}

}  // namespace

void countRaceDifferences(const FrameTarget& frame, FrameView good, int threshold, bool paintDifferences,
                          unsigned long long* counter) {
    zero(counter, frame.stream);
    launchKernel("race meter: count", countKernel, pixelGrid(frame.width, frame.height), kThreads, 0, frame.stream,
                 frame.pixels, frame.pitchBytes, good, frame.width, threshold, paintDifferences, counter);
}

void composeWipe(const FrameTarget& frame, FrameView good, int threshold, int divider, unsigned long long* counter) {
    zero(counter, frame.stream);
    launchKernel("view: wipe", wipeKernel, pixelGrid(frame.width, frame.height), kThreads, 0, frame.stream, frame.pixels,
                 frame.pitchBytes, good, frame.width, threshold, divider, counter);
}

void composeSideBySide(const FrameTarget& frame, FrameView good, FrameView racy) {
    launchKernel("view: side by side", sideKernel, pixelGrid(frame.width, frame.height), kThreads, 0, frame.stream,
                 frame.pixels, frame.pitchBytes, good, racy, frame.width, frame.height);
}

void composeHeatMap(const FrameTarget& frame, FrameView good, int threshold, std::uint64_t* history, int window,
                    unsigned long long* counter) {
    zero(counter, frame.stream);
    launchKernel("view: heat map", heatKernel, pixelGrid(frame.width, frame.height), kThreads, 0, frame.stream,
                 frame.pixels, frame.pitchBytes, good, frame.width, threshold, history, window, counter);
    launchKernel("view: heat legend", legendKernel, dim3(1, kLegendHeight), kLegendWidth, 0, frame.stream, frame.pixels,
                 frame.pitchBytes, frame.width, frame.height, window);
}

long long readRaceCount(const unsigned long long* counter, cudaStream_t stream) {
    return static_cast<long long>(downloadNow(counter, 1, stream)[0]);
}

}  // namespace racelab
