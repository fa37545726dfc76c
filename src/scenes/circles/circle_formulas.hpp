// The circle renderer's per-pixel and per-particle formulas, compiled both by nvcc (kernels/circles/)
// and by the host compiler (the CPU reference), so that GPU and CPU evaluate literally the same code.
// Semantics follow CS149 asst3: pixel centres ((i+0.5)/W, (j+0.5)/H), coverage when the squared distance is
// <= r^2, blend C = a*c + (1-a)*C, white clear; snow shades by distance with a 5-entry ramp.
#pragma once
#include <cmath>
#include <cstdint>

#include "core/device_math.hpp"  // RACELAB_HD, clampf, toByte, squaredDistance, mulRn

namespace racelab::circles {

struct Rgb {
    float r, g, b;
};

// Clear colour of pixel row `row`: white, or the snow scene's vertical grey ramp.
RACELAB_HD Rgb clearColor(bool snow, int row, int height) {
    if (!snow) return {1.f, 1.f, 1.f};
    float shade = .4f + .45f * static_cast<float>(height - row) / static_cast<float>(height);
    return {shade, shade, shade};
}

// Entry k (0..4) of the snow ramp: white, white, pale blue, pale blue, lilac. Selected, not read from an array:
// on the GPU an array indexed at run time lives in each thread's local memory and is written on every call,
// which made the snow renderer bound by that traffic in L2 (docs/BENCHMARKS.md, "Circles at the limit").
RACELAB_HD Rgb snowRampEntry(int k) {
    if (k < 2) return {1.f, 1.f, 1.f};
    if (k < 4) return {.8f, .9f, 1.f};
    return {.8f, .8f, 1.f};
}

RACELAB_HD Rgb snowRamp(float coord) {
    // the ramp interpolated by normalized distance from the centre
    float scaled = coord * 4.f;
    int base = static_cast<int>(scaled);
    base = base < 4 ? base : 4;
    int next = base + 1 < 5 ? base + 1 : 4;  // coord == 1 exactly: stay on the last entry
    float w = scaled - static_cast<float>(base);
    const Rgb a = snowRampEntry(base), b = snowRampEntry(next);
    return {(1.f - w) * a.r + w * b.r, (1.f - w) * a.g + w * b.g, (1.f - w) * a.b + w * b.b};
}

// Colour and opacity of a circle at a pixel centre already known to be covered (distSq <= r^2).
RACELAB_HD void shade(bool snow, float distSq, float radius, float depth, Rgb circleColor, Rgb& color, float& alpha) {
    if (snow) {
        float normDist = sqrtf(distSq) / radius;
        color = snowRamp(normDist);
        float maxAlpha = .5f * clampf(.6f + .4f * (1.f - depth), 0.f, 1.f);
        alpha = maxAlpha * expf(-4.f * normDist * normDist);
    } else {
        color = circleColor;
        alpha = .5f;
    }
}

// Normalized coordinate of pixel centre i along an axis with 1/extent = inverse. Kept unfused on the GPU
// for the same reason: a fused `centre - inverse * (i + .5)` would round differently than the CPU.
RACELAB_HD float pixelCentre(int i, float inverse) { return mulRn(inverse, static_cast<float>(i) + .5f); }

// Pixel bounds [min, max) of a circle's bounding box, clamped to the image, as CS149's reference computes them.
RACELAB_HD void pixelBounds(float centre, float radius, int extent, int& lo, int& hi) {
    int a = static_cast<int>((centre - radius) * extent);
    int b = static_cast<int>((centre + radius) * extent) + 1;
    lo = a < 0 ? 0 : (a > extent ? extent : a);
    hi = b < 0 ? 0 : (b > extent ? extent : b);
}

}  // namespace racelab::circles
