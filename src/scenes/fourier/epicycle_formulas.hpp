// Drawing the epicycles, compiled by nvcc (kernels/fourier/epicycles_gpu.cu) and the host compiler (the CPU
// reference): the term of one epicycle at a time, the mapping from image to frame pixels, and the splats that
// draw circles, arms and the pen's trail as anti-aliased coverage (kept as the maximum, so the order of the
// splats does not matter).
#pragma once
#include <cmath>
#include <cstdint>

#include "core/device_math.hpp"  // RACELAB_HD, Vec2, clampf, toByte, discCoverage

namespace racelab::fourier {

// Points and vectors are racelab::Vec2 (GLM). The formulas below spell their arithmetic on the components,
// as plain float expressions: nvcc contracts them on the device exactly as it always has, and the CPU
// reference (epicycle_reference.cpp) is compared with the GPU image within a tolerance, not bit for bit.

struct EpicycleTerm {
    float frequency;
    float re, im;  // coefficient
};

// Position of one rotating vector at time t (one period = 1).
RACELAB_HD Vec2 termAt(const EpicycleTerm& e, float t) {
    float angle = 6.28318530718f * e.frequency * t;
    float s = sinf(angle), c = cosf(angle);
    return {e.re * c - e.im * s, e.re * s + e.im * c};
}

// Image pixel (row 0 at the top) to frame pixel (row 0 at the bottom), fitted with a margin.
struct FrameMapping {
    float scale, offsetX, offsetY;
    int frameHeight;
};

RACELAB_HD Vec2 toFrame(const FrameMapping& m, Vec2 p) {
    return {m.offsetX + p.x * m.scale, static_cast<float>(m.frameHeight) - (m.offsetY + p.y * m.scale)};
}

// Coverage (0..255) of a disc splat of radius r at distance d from its centre: 1 px of anti-aliasing.
RACELAB_HD std::uint32_t splatCoverage(float d, float r) {
    return toByte(discCoverage(r, d));
}

// Distance from p to segment ab, and from p to the ring of radius r around c.
RACELAB_HD float segmentDistance(Vec2 p, Vec2 a, Vec2 b) {
    float dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    float u = len2 > 0.f ? fminf(fmaxf(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.f), 1.f) : 0.f;
    float ex = p.x - (a.x + u * dx), ey = p.y - (a.y + u * dy);
    return sqrtf(ex * ex + ey * ey);
}
// Sample s of `samples` along segment ab: lines are drawn as splats every half pixel. Unfused, so that the
// GPU and the CPU place every sample (and so every disc of the trail) at the same point.
RACELAB_HD Vec2 segmentSample(Vec2 a, Vec2 b, int s, int samples) {
    const float f = static_cast<float>(s) / static_cast<float>(samples);
    return {addRn(a.x, mulRn(f, subRn(b.x, a.x))), addRn(a.y, mulRn(f, subRn(b.y, a.y)))};
}
// Distance from p to the point q: the trail is a chain of disc splats, one around each sample, kept as the
// maximum. Each pixel gets different coverages from neighbouring samples, so when that maximum is taken
// without atomics (the bad-trail variant) a lower one can overwrite a higher one.
RACELAB_HD float discDistance(Vec2 p, Vec2 q) { return sqrtf(::racelab::squaredDistance(p.x - q.x, p.y - q.y)); }
RACELAB_HD float ringDistance(Vec2 p, Vec2 c, float r) {
    float dx = p.x - c.x, dy = p.y - c.y;
    return fabsf(sqrtf(dx * dx + dy * dy) - r);
}

// Time of frame f in periods, in [0, 1).
RACELAB_HD float timeOfFrame(long frame, float periodFrames) {
    double turns = static_cast<double>(frame) / periodFrames;
    return static_cast<float>(turns - floor(turns));
}

inline constexpr float kTrailRadius = 1.1f;  // pixels
inline constexpr float kLineRadius = .6f;

// Final pixel: dark background, trail in warm white, circles and arms in blue on top.
RACELAB_HD void composePixel(std::uint32_t trail, std::uint32_t overlay, std::uint8_t* out) {
    float t = trail / 255.f, o = overlay / 255.f;
    float r = .06f + (1.f - .06f) * t, g = .07f + (.92f - .07f) * t, b = .09f + (.8f - .09f) * t;
    r = r * (1.f - .6f * o) + .25f * .6f * o;
    g = g * (1.f - .6f * o) + .55f * .6f * o;
    b = b * (1.f - .6f * o) + 1.f * .6f * o;
    out[0] = toByte(r), out[1] = toByte(g), out[2] = toByte(b), out[3] = 255;
}

}  // namespace racelab::fourier
