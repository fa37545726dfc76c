// The maths every workload shares, compiled by nvcc (kernels/) and by the host compiler (the CPU references),
// so that a formula written once evaluates the same on both sides:
//   - the vector types: GLM's, one set for the whole project (host camera work and device formulas alike);
//   - arithmetic that rounds the same way on the GPU and the CPU. nvcc contracts a*b+c into a fused
//     multiply-add wherever it can; the host build does not (-ffp-contract=off), so a formula whose result
//     must be bit-identical on both sides spells each product and sum with mulRn/addRn/subRn (or the vector
//     forms below): on the device they are the explicitly rounded intrinsics, which nvcc never fuses; on the
//     host they are the plain operators. GLM's own operators are fine wherever no product feeds a sum
//     (a difference of two points) or where exactness does not matter (host camera set-up, colour ramps);
//   - clamping, 8-bit conversion and the anti-aliased disc coverage the splats and planes share.
#pragma once
#include <cmath>
#include <cstdint>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#if defined(__CUDACC__)
#define RACELAB_HD __host__ __device__ __forceinline__
#else
#define RACELAB_HD inline
#endif

namespace racelab {

using Vec2 = glm::vec2;
using Vec3 = glm::vec3;
using Vec2d = glm::dvec2;
using Vec3d = glm::dvec3;

// ---- Scalars rounded one operation at a time (float and double).

template <typename T>
RACELAB_HD T mulRn(T a, T b) {
#if defined(__CUDA_ARCH__)
    if constexpr (sizeof(T) == sizeof(float)) return __fmul_rn(a, b);
    else return __dmul_rn(a, b);
#else
    return a * b;
#endif
}

template <typename T>
RACELAB_HD T addRn(T a, T b) {
#if defined(__CUDA_ARCH__)
    if constexpr (sizeof(T) == sizeof(float)) return __fadd_rn(a, b);
    else return __dadd_rn(a, b);
#else
    return a + b;
#endif
}

template <typename T>
RACELAB_HD T subRn(T a, T b) {
#if defined(__CUDA_ARCH__)
    if constexpr (sizeof(T) == sizeof(float)) return __fsub_rn(a, b);
    else return __dsub_rn(a, b);
#else
    return a - b;
#endif
}

// ---- Vectors rounded one operation at a time (3-vectors of float or double).

template <typename T>
RACELAB_HD glm::vec<3, T> addRn(glm::vec<3, T> a, glm::vec<3, T> b) {
    return {addRn(a.x, b.x), addRn(a.y, b.y), addRn(a.z, b.z)};
}
template <typename T>
RACELAB_HD glm::vec<3, T> subRn(glm::vec<3, T> a, glm::vec<3, T> b) {
    return {subRn(a.x, b.x), subRn(a.y, b.y), subRn(a.z, b.z)};
}
template <typename T>
RACELAB_HD glm::vec<3, T> scaleRn(glm::vec<3, T> a, T s) {
    return {mulRn(a.x, s), mulRn(a.y, s), mulRn(a.z, s)};
}
template <typename T>
RACELAB_HD T dotRn(glm::vec<3, T> a, glm::vec<3, T> b) {
    return addRn(addRn(mulRn(a.x, b.x), mulRn(a.y, b.y)), mulRn(a.z, b.z));
}
template <typename T>
RACELAB_HD glm::vec<3, T> crossRn(glm::vec<3, T> a, glm::vec<3, T> b) {
    return {subRn(mulRn(a.y, b.z), mulRn(a.z, b.y)), subRn(mulRn(a.z, b.x), mulRn(a.x, b.z)),
            subRn(mulRn(a.x, b.y), mulRn(a.y, b.x))};
}

// dx*dx + dy*dy with each product rounded: whether a pixel centre lies inside a tiny circle (micro2M) is
// decided by the last bit, and it must be decided the same way on the GPU as on the CPU.
RACELAB_HD float squaredDistance(float dx, float dy) { return addRn(mulRn(dx, dx), mulRn(dy, dy)); }

// ---- Clamping, bytes and coverage.

RACELAB_HD float clampf(float x, float lo, float hi) { return fmaxf(lo, fminf(x, hi)); }

// Rounded one operation at a time like the rest: a fused v*255+.5 can land on the other side of a byte boundary.
RACELAB_HD std::uint8_t toByte(float v) { return static_cast<std::uint8_t>(addRn(mulRn(clampf(v, 0.f, 1.f), 255.f), .5f)); }

// Coverage in [0, 1] of a disc of `radius` at `distance` from its centre: one pixel of anti-aliasing.
RACELAB_HD float discCoverage(float radius, float distance) { return clampf(radius + .5f - distance, 0.f, 1.f); }

}  // namespace racelab
