// The bumpy sphere's formulas, compiled by nvcc (kernels/mesh/generate.cu) and the host compiler (the CPU
// generator, procedural_meshes.cpp), so the GPU and the CPU make the same vertices bit for bit.
//
// The mesh is a cube-sphere: each face of the cube [-1, 1]^3 is cut into n x n quads (two triangles each),
// so it has exactly 12 n^2 triangles and 6 n^2 + 2 vertices (the lattice points of the cube's surface, each
// shared by every quad that touches it: the surface is closed). A lattice point is projected onto the unit
// sphere and pushed out or in along that direction by a deterministic bump field of three octaves, so the
// LBVH sees real depth structure rather than a shell. No trigonometry: the bumps are products of parabolic
// waves (floor, products and sums only), and every product and sum is rounded on its own (mulRn / addRn),
// the square root and the division are the IEEE ones, so both sides round identically.
#pragma once
#include <cstdint>

#include "core/device_math.hpp"

namespace racelab::mesh {

// The radius lies within [1 - kBumpAmplitude, 1 + kBumpAmplitude] (up to a float rounding or two).
inline constexpr float kBumpAmplitude = .08f;

// The cells along a cube face's edge: the LBVH's 2 (12 n^2) - 1 node indices must stay within int (n <= 9459);
// the device memory runs out long before (about 270 bytes a triangle).
inline constexpr int kMaxBumpyCells = 9000;

inline constexpr std::int64_t bumpyTriangleCount(int n) { return 12 * static_cast<std::int64_t>(n) * n; }
inline constexpr std::int64_t bumpyVertexCount(int n) { return 6 * static_cast<std::int64_t>(n) * n + 2; }

RACELAB_HD float divRn(float a, float b) {
#if defined(__CUDA_ARCH__)
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}

RACELAB_HD float sqrtRn(float a) {
#if defined(__CUDA_ARCH__)
    return __fsqrt_rn(a);
#else
    return std::sqrt(a);
#endif
}

// A smooth-topped periodic wave in [0, 1]: 4 f (1 - f) of the fractional part f of t (peaks at f = 1/2).
RACELAB_HD float bumpWave(float t) {
    const float f = subRn(t, floorf(t));
    return mulRn(mulRn(4.f, f), subRn(1.f, f));
}

// One octave: the product of three waves along skewed axes (so the bumps are not lined up with the cube).
RACELAB_HD float bumpOctave(Vec3 d, float frequency, float phase) {
    const float u = addRn(mulRn(frequency, addRn(d.x, mulRn(.5f, d.y))), phase);
    const float v = addRn(mulRn(frequency, subRn(d.y, mulRn(.3f, d.z))), mulRn(phase, 1.7f));
    const float w = addRn(mulRn(frequency, addRn(d.z, mulRn(.4f, d.x))), mulRn(phase, 2.3f));
    return mulRn(mulRn(bumpWave(u), bumpWave(v)), bumpWave(w));
}

// In [0, 1]: three octaves with weights summing to 1.
RACELAB_HD float bumpField(Vec3 d) {
    const float a = mulRn(.55f, bumpOctave(d, 2.5f, .13f));
    const float b = mulRn(.30f, bumpOctave(d, 7.f, .41f));
    const float c = mulRn(.15f, bumpOctave(d, 19.f, .77f));
    return addRn(addRn(a, b), c);
}

// The vertex of lattice point (i, j, k) of the cube's surface (each in 0..n, one of them 0 or n).
RACELAB_HD Vec3 bumpyVertex(int i, int j, int k, int n) {
    const float fn = static_cast<float>(n);
    // -1 + 2 i / n: exact integers, one rounded division, one rounded sum
    const Vec3 c{subRn(divRn(static_cast<float>(2 * i), fn), 1.f), subRn(divRn(static_cast<float>(2 * j), fn), 1.f),
                 subRn(divRn(static_cast<float>(2 * k), fn), 1.f)};
    const float length = sqrtRn(dotRn(c, c));
    const Vec3 d{divRn(c.x, length), divRn(c.y, length), divRn(c.z, length)};
    // 1 + A (2 b - 1), b in [0, 1]
    const float radius = addRn(1.f, mulRn(kBumpAmplitude, subRn(mulRn(2.f, bumpField(d)), 1.f)));
    return scaleRn(d, radius);
}

// The index of lattice point (i, j, k): the bottom square k = 0 ((n+1)^2 points, row by row), then for each
// 0 < k < n the ring of 4n boundary points (counter-clockwise from (0, 0)), then the top square k = n.
RACELAB_HD std::uint32_t bumpyIndex(int i, int j, int k, int n) {
    const std::uint32_t square = static_cast<std::uint32_t>(n + 1) * static_cast<std::uint32_t>(n + 1);
    const std::uint32_t ring = 4u * static_cast<std::uint32_t>(n);
    if (k == 0) return static_cast<std::uint32_t>(i) * (n + 1) + j;
    if (k == n) return square + static_cast<std::uint32_t>(n - 1) * ring + static_cast<std::uint32_t>(i) * (n + 1) + j;
    std::uint32_t along;
    if (j == 0 && i < n) along = i;
    else if (i == n && j < n) along = n + j;
    else if (j == n && i > 0) along = 2 * n + (n - i);
    else along = 3 * n + (n - j);  // i == 0, j > 0
    return square + static_cast<std::uint32_t>(k - 1) * ring + along;
}

// The lattice point with index v (the inverse of bumpyIndex).
RACELAB_HD void bumpyLatticePoint(std::uint32_t v, int n, int& i, int& j, int& k) {
    const std::uint32_t square = static_cast<std::uint32_t>(n + 1) * static_cast<std::uint32_t>(n + 1);
    const std::uint32_t ring = 4u * static_cast<std::uint32_t>(n);
    if (v < square) {
        k = 0, i = static_cast<int>(v / (n + 1)), j = static_cast<int>(v % (n + 1));
        return;
    }
    v -= square;
    if (v >= static_cast<std::uint32_t>(n - 1) * ring) {
        v -= static_cast<std::uint32_t>(n - 1) * ring;
        k = n, i = static_cast<int>(v / (n + 1)), j = static_cast<int>(v % (n + 1));
        return;
    }
    k = static_cast<int>(v / ring) + 1;
    const int along = static_cast<int>(v % ring);
    if (along < n) i = along, j = 0;
    else if (along < 2 * n) i = n, j = along - n;
    else if (along < 3 * n) i = n - (along - 2 * n), j = n;
    else i = 0, j = n - (along - 3 * n);
}

// The vertex with index v.
RACELAB_HD Vec3 bumpyVertexAt(std::uint32_t v, int n) {
    int i, j, k;
    bumpyLatticePoint(v, n, i, j, k);
    return bumpyVertex(i, j, k, n);
}

}  // namespace racelab::mesh
