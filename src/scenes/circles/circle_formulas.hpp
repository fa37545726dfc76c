// The circle renderer's per-pixel and per-particle formulas, compiled both by nvcc (kernels/circles.cu)
// and by the host compiler (the CPU reference), so that GPU and CPU evaluate literally the same code.
// Semantics follow CS149 asst3: pixel centres ((i+0.5)/W, (j+0.5)/H), coverage when the squared distance is
// <= r^2, blend C = a*c + (1-a)*C, white clear; snow shades by distance with a 5-entry ramp.
#pragma once
#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define RACELAB_HD __host__ __device__ __forceinline__
#else
#define RACELAB_HD inline
#endif

namespace racelab::circles {

inline constexpr int kFireworkCount = 15;      // fireworks scene: centres first,
inline constexpr int kSparksPerFirework = 20;  // then their sparks
inline constexpr float kStepSeconds = 1.f / 60.f;

struct Rgb {
    float r, g, b;
};

RACELAB_HD float clampf(float x, float lo, float hi) { return fmaxf(lo, fminf(x, hi)); }

// Clear colour of pixel row `row`: white, or the snow scene's vertical grey ramp.
RACELAB_HD Rgb clearColor(bool snow, int row, int height) {
    if (!snow) return {1.f, 1.f, 1.f};
    float shade = .4f + .45f * static_cast<float>(height - row) / static_cast<float>(height);
    return {shade, shade, shade};
}

RACELAB_HD Rgb snowRamp(float coord) {
    // white, white, pale blue, pale blue, lilac: interpolated by normalized distance from the centre
    const float table[5][3] = {{1.f, 1.f, 1.f}, {1.f, 1.f, 1.f}, {.8f, .9f, 1.f}, {.8f, .9f, 1.f}, {.8f, .8f, 1.f}};
    float scaled = coord * 4.f;
    int base = static_cast<int>(scaled);
    base = base < 4 ? base : 4;
    int next = base + 1 < 5 ? base + 1 : 4;  // coord == 1 exactly: stay on the last entry
    float w = scaled - static_cast<float>(base);
    return {(1.f - w) * table[base][0] + w * table[next][0], (1.f - w) * table[base][1] + w * table[next][1],
            (1.f - w) * table[base][2] + w * table[next][2]};
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

// Squared distance from a circle centre to a pixel centre. The GPU must not fuse this into an FMA: whether a
// pixel centre lies inside is decided by the last bit for tiny circles (micro2M), and it must be decided the
// same way as on the CPU, which rounds every product.
RACELAB_HD float squaredDistance(float dx, float dy) {
#if defined(__CUDA_ARCH__)
    return __fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy));
#else
    return dx * dx + dy * dy;
#endif
}

// Normalized coordinate of pixel centre i along an axis with 1/extent = inverse. Kept unfused on the GPU
// for the same reason: a fused `centre - inverse * (i + .5)` would round differently than the CPU.
RACELAB_HD float pixelCentre(int i, float inverse) {
#if defined(__CUDA_ARCH__)
    return __fmul_rn(inverse, static_cast<float>(i) + .5f);
#else
    return inverse * (static_cast<float>(i) + .5f);
#endif
}

RACELAB_HD std::uint8_t toByte(float v) { return static_cast<std::uint8_t>(clampf(v, 0.f, 1.f) * 255.f + .5f); }

// Pixel bounds [min, max) of a circle's bounding box, clamped to the image, as CS149's reference computes them.
RACELAB_HD void pixelBounds(float centre, float radius, int extent, int& lo, int& hi) {
    int a = static_cast<int>((centre - radius) * extent);
    int b = static_cast<int>((centre + radius) * extent) + 1;
    lo = a < 0 ? 0 : (a > extent ? extent : a);
    hi = b < 0 ? 0 : (b > extent ? extent : b);
}

// ---- animation (one fixed 1/60 s step per frame) ----

// Deterministic 2D noise in [-1, 1]^2 for a lattice cell and a particle: an integer hash, so the GPU and
// the CPU agree bit for bit on the same inputs.
RACELAB_HD void cellNoise(float x, float y, float z, int particle, float& nx, float& ny) {
    std::uint32_t h = static_cast<std::uint32_t>(static_cast<int>(floorf(x))) * 73856093u;
    h ^= static_cast<std::uint32_t>(static_cast<int>(floorf(y))) * 19349663u;
    h ^= static_cast<std::uint32_t>(static_cast<int>(floorf(z))) * 83492791u;
    h ^= static_cast<std::uint32_t>(particle) * 2654435761u;
    h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
    nx = static_cast<float>(h & 0xffffu) / 32767.5f - 1.f;
    ny = static_cast<float>(h >> 16) / 32767.5f - 1.f;
}

// Each function advances particle i by one step; arrays are structure-of-arrays xyz triples.
RACELAB_HD void stepSnow(int i, float* position, float* velocity, const float* radius) {
    const float gravity = -1.8f, drag = 2.f;
    float* p = position + 3 * i;
    float* v = velocity + 3 * i;
    float forceScale = clampf(1.f - p[2], .1f, 1.f);  // farther flakes move slower: parallax
    float nx, ny;
    cellNoise(10.f * p[0], 10.f * p[1], 255.f * p[2], i, nx, ny);
    nx *= 7.5f;
    ny *= 5.f;
    float dragX = -drag * v[0], dragY = -drag * v[1];
    p[0] += v[0] * kStepSeconds;
    p[1] += v[1] * kStepSeconds;
    p[2] += v[2] * kStepSeconds;
    v[0] += forceScale * (nx + dragX) * kStepSeconds;
    v[1] += forceScale * (gravity + ny + dragY) * kStepSeconds;
    float r = radius[i];
    if (p[1] + r < 0.f || p[0] + r < 0.f || p[0] - r > 1.f) {  // left the screen: respawn at the top
        cellNoise(255.f * p[0], 255.f * p[1], 255.f * p[2], i, nx, ny);
        p[0] = .5f + .5f * nx;
        p[1] = 1.35f + r;
        v[0] = 2.f * ny;
        v[1] = 0.f;
    }
}

RACELAB_HD void stepBouncingBall(int i, float* position, float* velocity) {
    const float gravity = -2.8f, restitution = -0.8f, epsilon = 0.001f;
    float& y = position[3 * i + 1];
    float& vy = velocity[3 * i + 1];
    float oldV = vy, oldY = y;
    if (oldV == 0.f && oldY == 0.f) return;  // at rest
    if (y < 0.f && oldV < 0.f) vy *= restitution;
    vy += gravity * kStepSeconds;
    y += vy * kStepSeconds;
    if (fabsf(vy - oldV) < epsilon && oldY < 0.f && fabsf(y - oldY) < epsilon) {
        vy = 0.f;
        y = 0.f;
    }
}

RACELAB_HD void stepHypnosis(int i, float* radius) { radius[i] = radius[i] > .5f ? .02f : radius[i] + .01f; }

// Sparks only (i >= kFireworkCount); the firework centres stay put.
RACELAB_HD void stepFireworkSpark(int i, float* position, float* velocity, const float* radius) {
    if (i < kFireworkCount) return;
    const float pi = 3.14159f, maxDist = .25f;
    int firework = (i - kFireworkCount) / kSparksPerFirework;
    int spark = (i - kFireworkCount) % kSparksPerFirework;
    float* p = position + 3 * i;
    float* v = velocity + 3 * i;
    const float* c = position + 3 * firework;
    p[0] += v[0] * kStepSeconds;
    p[1] += v[1] * kStepSeconds;
    float dx = p[0] - c[0], dy = p[1] - c[1];
    if (sqrtf(dx * dx + dy * dy) > maxDist) {  // back to the rim
        float angle = (spark * 2 * pi) / kSparksPerFirework;
        float s = sinf(angle), co = cosf(angle);
        p[0] = c[0] + co * radius[firework];
        p[1] = c[1] + s * radius[firework];
        p[2] = 0.f;
        v[0] = co / 5.f;
        v[1] = s / 5.f;
        v[2] = 0.f;
    }
}

}  // namespace racelab::circles
