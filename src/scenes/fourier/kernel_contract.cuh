// racelab/fourier.cuh: the fourier family's contract with a user kernel (installed as
// share/racelab/kernels/include/racelab/fourier.cuh; `#include <racelab/fourier.cuh>` finds it).
//
// The kernel draws the pen's trail. Every frame the pen (the tip of the chain of epicycles) moves from where
// it was at the end of one frame to where it is at the end of the next: a segment. trailParams holds the pen
// at the end of each frame since the trail was last drawn (segments + 1 points, in frame pixels, row 0 at the
// bottom) and the trail: a coverage 0..255 per pixel, holding the trail drawn so far when the launches start
// (racelab keeps it from frame to frame; it is zero after the trail was cleared). The kernel adds the new
// segments as the family draws them: a disc of trailParams.radius around a sample every half pixel along each
// segment (trailSampleCount, trailSample), each pixel around a sample (within trailReach()) taking the largest
// coverage any disc gives it (trailCoverage). Keeping a maximum needs care when threads share a pixel, and
// neighbouring samples always do. When the launches are done racelab draws the circles and arms over the trail
// and composes the frame as the family's variants do. The pens are racelab's copies: writing them changes no
// later frame.
#pragma once
#include <racelab/launch.cuh>

struct TrailParams {
    const float2* pens;  // segments + 1: segment i joins pens[i] and pens[i + 1]
    unsigned* trail;     // width * height coverages 0..255, pixel (x, y) at [y * width + x]: the trail so far
    int segments;        // new this frame (0 when the frame has not moved on)
    int width, height;
    float radius;        // of the trail's discs, in pixels
};

__constant__ TrailParams trailParams;

// The sizes launch lists and scratch buffers count in (RACELAB_PER_ITEM, RACELAB_BUFFER).
#define RACELAB_SEGMENTS 0         // segments
#define RACELAB_SEGMENT_THREADS 1  // segments * RACELAB_THREADS_PER_SEGMENT
#define RACELAB_PIXELS 2           // width * height
// RACELAB_PER_ITEM(kernel, RACELAB_SEGMENT_THREADS, RACELAB_THREADS_PER_SEGMENT) launches one block of this many
// threads per segment (blockIdx.x is the segment), as the family's own trail kernel does.
#define RACELAB_THREADS_PER_SEGMENT 64

// Samples along segment a -> b, one every half pixel: sample s = 0 .. trailSampleCount(a, b), both ends
// included; -1 (so that such a loop does nothing) when the segment is not drawn (off any sensible screen).
__device__ __forceinline__ int trailSampleCount(float2 a, float2 b) {
    const float length = sqrtf((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y));
    if (!(length < 1e5f)) return -1;
    return static_cast<int>(length * 2.f) + 1;
}

// Sample s of `samples` along a -> b, rounded one operation at a time as the CPU reference places it.
__device__ __forceinline__ float2 trailSample(float2 a, float2 b, int s, int samples) {
    const float f = static_cast<float>(s) / static_cast<float>(samples);
    return make_float2(__fadd_rn(a.x, __fmul_rn(f, __fsub_rn(b.x, a.x))), __fadd_rn(a.y, __fmul_rn(f, __fsub_rn(b.y, a.y))));
}

// How far from floor(sample) a disc reaches: pixels x in floor(q.x) - reach .. floor(q.x) + reach (and y alike).
__device__ __forceinline__ int trailReach() { return static_cast<int>(ceilf(trailParams.radius + 1.f)); }

// Coverage 0..255 of pixel (x, y) (its centre at x + .5, y + .5) by the disc around sample q: 0 outside, 255
// well inside, one pixel of anti-aliasing at the edge.
__device__ __forceinline__ unsigned trailCoverage(int x, int y, float2 q) {
    const float dx = (x + .5f) - q.x, dy = (y + .5f) - q.y;
    const float distance = sqrtf(__fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy)));
    const float cover = fmaxf(0.f, fminf(trailParams.radius + .5f - distance, 1.f));
    return static_cast<unsigned>(__fadd_rn(__fmul_rn(cover, 255.f), .5f));
}
