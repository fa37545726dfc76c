// The planes workload's per-pixel formulas, compiled by nvcc (kernels/planes/) and the host compiler
// (the CPU reference): the counter-based random numbers that define every plane's circles and motion,
// the anti-aliased coverage, and the two blend modes.
//
// A plane is W x H straight-alpha RGBA8: n circles, each blended over the ones before it (premultiplied
// "over"), on a transparent background. Composition runs first plane to last (the last lies on top):
//   seed: result = result * (1 - alpha) + plane * alpha on all four channels, alpha fixed (the report's formula)
//   over: Porter-Duff over with each plane pixel's own alpha, premultiplied, shown over white.
#pragma once
#include <cmath>
#include <cstdint>

#include "core/device_math.hpp"  // RACELAB_HD, clampf, toByte, discCoverage

namespace racelab::planes {

enum class BlendMode : int { Seed = 0, Over = 1 };

struct PlaneSettings {
    int planes = 64;
    int circlesPerPlane = 50;
    float radiusMin = 4.f;    // pixels
    float radiusMax = 40.f;
    unsigned seed = 0;
    BlendMode blend = BlendMode::Over;
    float alpha = .5f;        // the seed mode's fixed alpha
    float speed = 1.f;        // pixels per frame of the fastest plane, times this
};

// 32-bit integer hash (good avalanche, cheap): the same bits on the GPU and the CPU.
RACELAB_HD std::uint32_t hash32(std::uint32_t x) {
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    return x;
}

// Uniform in [0, 1) for (seed, plane, item, field).
RACELAB_HD float uniform(unsigned seed, int plane, int item, int field) {
    std::uint32_t h = hash32(seed * 0x9e3779b9u ^ hash32(static_cast<std::uint32_t>(plane) * 0x85ebca6bu ^
                                                       hash32(static_cast<std::uint32_t>(item) * 8u + static_cast<std::uint32_t>(field))));
    return static_cast<float>(h >> 8) * (1.f / 16777216.f);
}

struct PlaneCircle {
    float x, y, radius;       // pixels
    float r, g, b, alpha;     // straight colour and opacity
};

RACELAB_HD PlaneCircle planeCircle(const PlaneSettings& s, int plane, int circle, int width, int height) {
    PlaneCircle c;
    c.x = uniform(s.seed, plane, circle, 0) * static_cast<float>(width);
    c.y = uniform(s.seed, plane, circle, 1) * static_cast<float>(height);
    c.radius = s.radiusMin + uniform(s.seed, plane, circle, 2) * (s.radiusMax - s.radiusMin);
    c.r = uniform(s.seed, plane, circle, 3);
    c.g = uniform(s.seed, plane, circle, 4);
    c.b = uniform(s.seed, plane, circle, 5);
    c.alpha = .35f + .65f * uniform(s.seed, plane, circle, 6);
    return c;
}

// Offset from a to b on a ring of length `extent`, the short way round: planes wrap (they scroll with
// wrap-around), so a circle that leaves one edge enters the opposite one and no seam shows.
RACELAB_HD float wrappedDelta(float delta, float extent) {
    if (delta > .5f * extent) return delta - extent;
    if (delta < -.5f * extent) return delta + extent;
    return delta;
}

// Anti-aliased coverage of the pixel whose centre is (px, py): 1 inside, 0 outside, linear over one pixel
// across the edge. Depends only on the (wrapped) distance, so it is radially symmetric, and within [0, 1].
RACELAB_HD float coverage(float px, float py, const PlaneCircle& c, float width, float height) {
    float dx = wrappedDelta(px - c.x, width), dy = wrappedDelta(py - c.y, height);
    const float distance = sqrtf(racelab::squaredDistance(dx, dy));  // unfused on the GPU too
    return discCoverage(c.radius, distance);
}

// Premultiplied accumulation of one circle into a plane pixel.
struct Premultiplied {
    float r = 0.f, g = 0.f, b = 0.f, a = 0.f;
};

RACELAB_HD void blendCircle(Premultiplied& p, const PlaneCircle& c, float cov) {
    float a = c.alpha * cov;
    p.r = c.r * a + p.r * (1.f - a);
    p.g = c.g * a + p.g * (1.f - a);
    p.b = c.b * a + p.b * (1.f - a);
    p.a = a + p.a * (1.f - a);
}

// Straight RGBA8 of a finished plane pixel.
RACELAB_HD void storeStraight(const Premultiplied& p, std::uint8_t* out) {
    float inv = p.a > 0.f ? 1.f / p.a : 0.f;
    out[0] = toByte(p.r * inv);
    out[1] = toByte(p.g * inv);
    out[2] = toByte(p.b * inv);
    out[3] = toByte(p.a);
}

// Each plane scrolls at its own velocity (pixels per frame), faster for later (nearer) planes: parallax.
RACELAB_HD void planeOffset(const PlaneSettings& s, int plane, long frame, int width, int height, int granularity,
                            int& offsetX, int& offsetY) {
    float depth = s.planes > 1 ? static_cast<float>(plane) / static_cast<float>(s.planes - 1) : 1.f;
    float scale = s.speed * (.15f + .85f * depth);
    float vx = (uniform(s.seed, plane, -1, 0) * 2.f - 1.f) * scale;
    float vy = (uniform(s.seed, plane, -1, 1) * 2.f - 1.f) * scale;
    long ox = static_cast<long>(floorf(vx * static_cast<float>(frame % 1000000)));
    long oy = static_cast<long>(floorf(vy * static_cast<float>(frame % 1000000)));
    ox = ((ox % width) + width) % width;
    oy = ((oy % height) + height) % height;
    offsetX = static_cast<int>(ox - ox % granularity);  // vector loads need whole groups of pixels
    offsetY = static_cast<int>(oy);
}

// The composite of one pixel, accumulated in float. Both modes are affine maps of the running result with
// one factor for all channels, so groups of planes can be composited apart and joined in order (the GPU does
// that to keep more loads in flight): a group is (value, transmittance) and joining is
// value = group + transmittance_group * earlier.
struct Composite {
    float r = 0.f, g = 0.f, b = 0.f, a = 0.f;  // seed: the result; over: premultiplied colour and alpha
    float t = 1.f;                             // what is left of the earlier result under this group
};

// One plane pixel given as channel values 0..255 (as floats, so the GPU can make them without the slow
// integer-to-float conversion).
RACELAB_HD void compositePlaneValues(Composite& c, BlendMode mode, float alpha, float r8, float g8, float b8, float a8) {
    const float k = 1.f / 255.f;
    float pr = r8 * k, pg = g8 * k, pb = b8 * k, pa = a8 * k;
    if (mode == BlendMode::Seed) {
        float keep = 1.f - alpha;
        c.r = c.r * keep + pr * alpha;
        c.g = c.g * keep + pg * alpha;
        c.b = c.b * keep + pb * alpha;
        c.a = c.a * keep + pa * alpha;
        c.t *= keep;
    } else {
        float keep = 1.f - pa;
        c.r = pr * pa + c.r * keep;
        c.g = pg * pa + c.g * keep;
        c.b = pb * pa + c.b * keep;
        c.a = pa + c.a * keep;
        c.t *= keep;
    }
}

RACELAB_HD void compositePlanePixel(Composite& c, BlendMode mode, float alpha, const std::uint8_t* p) {
    compositePlaneValues(c, mode, alpha, static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2]),
                         static_cast<float>(p[3]));
}

// `later` applied on top of `earlier`.
RACELAB_HD Composite joinComposites(const Composite& earlier, const Composite& later) {
    Composite out;
    out.r = later.r + later.t * earlier.r;
    out.g = later.g + later.t * earlier.g;
    out.b = later.b + later.t * earlier.b;
    out.a = later.a + later.t * earlier.a;
    out.t = later.t * earlier.t;
    return out;
}

// Final RGBA8: seed shows the result as it is; over is shown over white.
RACELAB_HD void storeComposite(const Composite& c, BlendMode mode, std::uint8_t* out) {
    if (mode == BlendMode::Seed) {
        out[0] = toByte(c.r), out[1] = toByte(c.g), out[2] = toByte(c.b), out[3] = toByte(c.a);
    } else {
        float white = 1.f - c.a;
        out[0] = toByte(c.r + white), out[1] = toByte(c.g + white), out[2] = toByte(c.b + white), out[3] = 255;
    }
}

}  // namespace racelab::planes
