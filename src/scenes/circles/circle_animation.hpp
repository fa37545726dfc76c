// The animated circle scenes' particle steps, compiled by nvcc (kernels/circles/animation.cu) and the host
// compiler (the CPU reference). Each step is CS149 asst3's advanceAnimation (render/refRenderer.cpp) operation
// for operation: the same expressions in the same order, every product and sum rounded on its own on the GPU
// (mulRn/addRn), so the GPU's particles stay bit-identical to the CPU's, and the CPU's to the course's
// reference, however many frames run. Snow is chaotic: a single rounding difference grows into a different
// flake path within a few dozen frames.
#pragma once
#include <cmath>

#include "core/device_math.hpp"
#include "scenes/fixed_step.hpp"
#include "scenes/circles/snow_noise.hpp"

namespace racelab::circles {

inline constexpr int kFireworkCount = 15;      // fireworks scene: centres first,
inline constexpr int kSparksPerFirework = 20;  // then their sparks
inline constexpr float kStepSeconds = 1.f / kFixedStepsPerSecond;  // the course's float dt, 1.f / 60.f exactly

// Where each spark of a firework starts (a direction on the rim) and its constant velocity. The course
// computes these with the host's sinf/cosf and divides in double (cos/5.0); the GPU's sinf/cosf may differ
// in the last bit, so the host computes the table once and the kernel receives it by value.
struct FireworkRim {
    float cosAngle[kSparksPerFirework], sinAngle[kSparksPerFirework];
    float velocityX[kSparksPerFirework], velocityY[kSparksPerFirework];
};

inline FireworkRim fireworkRim() {
    const float pi = 3.14159f;  // the course's value
    FireworkRim rim{};
    for (int j = 0; j < kSparksPerFirework; ++j) {
        const float angle = (j * 2 * pi) / kSparksPerFirework;
        rim.cosAngle[j] = std::cos(angle);
        rim.sinAngle[j] = std::sin(angle);
        rim.velocityX[j] = static_cast<float>(rim.cosAngle[j] / 5.0);
        rim.velocityY[j] = static_cast<float>(rim.sinAngle[j] / 5.0);
    }
    return rim;
}

// Each function advances particle i by one step; arrays are structure-of-arrays xyz triples.
RACELAB_HD void stepSnow(int i, float* position, float* velocity, const float* radius) {
    const float dt = kStepSeconds, gravity = -1.8f, dragCoefficient = 2.f;
    float* p = position + 3 * i;
    float* v = velocity + 3 * i;
    const float forceScale = clampf(1.f - p[2], .1f, 1.f);  // farther flakes move slower: parallax
    float nx, ny;
    snowNoise(mulRn(10.f, p[0]), mulRn(10.f, p[1]), mulRn(255.f, p[2]), i, nx, ny);
    nx = mulRn(nx, 7.5f);
    ny = mulRn(ny, 5.f);
    const float dragX = mulRn(-1.f * dragCoefficient, v[0]), dragY = mulRn(-1.f * dragCoefficient, v[1]);
    p[0] = addRn(p[0], mulRn(v[0], dt));
    p[1] = addRn(p[1], mulRn(v[1], dt));
    p[2] = addRn(p[2], mulRn(v[2], dt));
    v[0] = addRn(v[0], mulRn(mulRn(forceScale, addRn(nx, dragX)), dt));
    v[1] = addRn(v[1], mulRn(mulRn(forceScale, addRn(addRn(gravity, ny), dragY)), dt));
    const float r = radius[i];
    if (addRn(p[1], r) < 0.f || addRn(p[0], r) < -0.f || subRn(p[0], r) > 1.f) {  // left the screen: back to the top
        snowNoise(mulRn(255.f, p[0]), mulRn(255.f, p[1]), mulRn(255.f, p[2]), i, nx, ny);
        p[0] = addRn(.5f, mulRn(.5f, nx));
        p[1] = addRn(1.35f, r);
        v[0] = mulRn(2.f, ny);
        v[1] = 0.f;
    }
}

RACELAB_HD void stepBouncingBall(int i, float* position, float* velocity) {
    const float dt = kStepSeconds, gravity = -2.8f, restitution = -0.8f, epsilon = 0.001f;
    float& y = position[3 * i + 1];
    float& vy = velocity[3 * i + 1];
    const float oldV = vy, oldY = y;
    if (oldV == 0.f && oldY == 0.f) return;  // at rest
    if (y < 0.f && oldV < 0.f) vy = mulRn(vy, restitution);
    vy = addRn(vy, mulRn(gravity, dt));
    y = addRn(y, mulRn(vy, dt));
    if (fabsf(subRn(vy, oldV)) < epsilon && oldY < 0.f && fabsf(subRn(y, oldY)) < epsilon) {
        vy = 0.f;
        y = 0.f;
    }
}

RACELAB_HD void stepHypnosis(int i, float* radius) { radius[i] = radius[i] > .5f ? .02f : addRn(radius[i], .01f); }

// Sparks only (i >= kFireworkCount); the firework centres stay put.
RACELAB_HD void stepFireworkSpark(int i, float* position, float* velocity, const float* radius, const FireworkRim& rim) {
    if (i < kFireworkCount) return;
    const float dt = kStepSeconds, maxDistance = .25f;
    const int firework = (i - kFireworkCount) / kSparksPerFirework;
    const int spark = (i - kFireworkCount) % kSparksPerFirework;
    float* p = position + 3 * i;
    float* v = velocity + 3 * i;
    const float* c = position + 3 * firework;
    p[0] = addRn(p[0], mulRn(v[0], dt));
    p[1] = addRn(p[1], mulRn(v[1], dt));
    const float dx = subRn(p[0], c[0]), dy = subRn(p[1], c[1]);
    if (sqrtf(addRn(mulRn(dx, dx), mulRn(dy, dy))) > maxDistance) {  // back to the rim
        p[0] = addRn(c[0], mulRn(rim.cosAngle[spark], radius[firework]));
        p[1] = addRn(c[1], mulRn(rim.sinAngle[spark], radius[firework]));
        p[2] = 0.f;
        v[0] = rim.velocityX[spark];
        v[1] = rim.velocityY[spark];
        v[2] = 0.f;
    }
}

}  // namespace racelab::circles
