// The mesh workload's geometry, compiled by nvcc (kernels/mesh/) and the host compiler (the CPU
// reference): Moller-Trumbore ray/triangle intersection (two-sided), the slab test, Morton codes, the
// point-visibility rules, the orbit camera and its rays, and the shading of a hit.
//
// The vectors are racelab::Vec3 / Vec3d (GLM). Every formula below that runs on the GPU and must equal the CPU
// spells its products and sums with the unfused helpers (addRn, subRn, scaleRn, dotRn, crossRn, mulRn):
// each product and sum then rounds on its own, on the GPU as on the CPU (nvcc would otherwise fuse them into
// FMAs, and GLM's operators and glm::dot / glm::cross would be fused on the device), so the GPU computes bit for
// bit the same intersections as the CPU reference, and the two agree on every ray, not only on the ones far
// from an edge. GLM's own operators appear only in host-only set-up (the orbit camera), whose result both
// sides then share.
#pragma once
#include <cmath>
#include <cstdint>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "core/device_math.hpp"  // Vec3, Vec3d, the Rn helpers, clampf, toByte

namespace racelab::mesh {

// Unfused like dotRn: IEEE square root on both sides (nvcc's default -prec-sqrt=true) of the unfused dot
// product. A zero vector stays zero.
RACELAB_HD Vec3 normalizeRn(Vec3 a) {
    float len = sqrtf(dotRn(a, a));
    return len > 0.f ? scaleRn(a, 1.f / len) : a;
}

// Determinants smaller than this (relative to the edge lengths) count as a ray parallel to the triangle.
inline constexpr float kParallelEpsilon = 1e-9f;
// Visibility: a segment from the origin to a vertex is blocked by a hit with 0 < t < 1 - kSegmentEpsilon
// (the vertex's own triangles meet the segment at t = 1).
inline constexpr float kSegmentEpsilon = 1e-4f;
// A ray whose hit/miss decision was closer than this (barycentric units) to an edge may legitimately
// come out either way on two machines (fused multiply-adds round differently); check reports such rays apart.
inline constexpr float kEdgeEpsilon = 1e-4f;

// Bounding boxes grow by this much (relative to the coordinate) so that the float slab test can only keep
// a box it should reject, never reject one a ray touches at a corner.
RACELAB_HD float padBelow(float v) { return v - 1e-6f * (fabsf(v) + 1.f); }
RACELAB_HD float padAbove(float v) { return v + 1e-6f * (fabsf(v) + 1.f); }

struct Hit {
    float t;
    float u, v;
    bool hit;
};

// Moller-Trumbore, two-sided: hit when tMin < t < tMax inside the triangle (edges included).
RACELAB_HD Hit intersect(Vec3 origin, Vec3 direction, Vec3 a, Vec3 b, Vec3 c, float tMin, float tMax) {
    Hit h{0.f, 0.f, 0.f, false};
    Vec3 e1 = subRn(b, a), e2 = subRn(c, a);
    Vec3 p = crossRn(direction, e2);
    float det = dotRn(e1, p);
    if (fabsf(det) < kParallelEpsilon) return h;  // parallel (or degenerate triangle)
    float inv = 1.f / det;
    Vec3 s = subRn(origin, a);
    h.u = mulRn(dotRn(s, p), inv);
    if (h.u < 0.f || h.u > 1.f) return h;
    Vec3 q = crossRn(s, e1);
    h.v = mulRn(dotRn(direction, q), inv);
    if (h.v < 0.f || addRn(h.u, h.v) > 1.f) return h;
    h.t = mulRn(dotRn(e2, q), inv);
    h.hit = h.t > tMin && h.t < tMax;
    return h;
}

// How far (barycentric units) the ray passes from the nearest edge of the triangle's plane region; negative
// outside. Used only to tell rays that graze an edge apart.
RACELAB_HD float edgeMargin(Vec3 origin, Vec3 direction, Vec3 a, Vec3 b, Vec3 c) {
    Vec3 e1 = subRn(b, a), e2 = subRn(c, a);
    Vec3 p = crossRn(direction, e2);
    float det = dotRn(e1, p);
    if (fabsf(det) < kParallelEpsilon) return 1.f;
    float inv = 1.f / det;
    Vec3 s = subRn(origin, a);
    float u = mulRn(dotRn(s, p), inv);
    float v = mulRn(dotRn(direction, crossRn(s, e1)), inv);
    return fminf(fminf(u, v), subRn(subRn(1.f, u), v));
}

// Slab test: does the ray enter the box before tMax (and after 0)?
RACELAB_HD bool hitsBox(Vec3 origin, Vec3 inverseDirection, Vec3 lo, Vec3 hi, float tMax) {
    float t0x = mulRn(subRn(lo.x, origin.x), inverseDirection.x), t1x = mulRn(subRn(hi.x, origin.x), inverseDirection.x);
    float t0y = mulRn(subRn(lo.y, origin.y), inverseDirection.y), t1y = mulRn(subRn(hi.y, origin.y), inverseDirection.y);
    float t0z = mulRn(subRn(lo.z, origin.z), inverseDirection.z), t1z = mulRn(subRn(hi.z, origin.z), inverseDirection.z);
    float near = fmaxf(fmaxf(fminf(t0x, t1x), fminf(t0y, t1y)), fmaxf(fminf(t0z, t1z), 0.f));
    float far = fminf(fminf(fmaxf(t0x, t1x), fmaxf(t0y, t1y)), fminf(fmaxf(t0z, t1z), tMax));
    return near <= far;
}

// 1 / d per component, for the slab tests.
RACELAB_HD Vec3 inverse(Vec3 d) {
    // a zero component becomes a huge number of the right sign, which the slab test handles
    auto inv = [](float x) { return 1.f / (fabsf(x) > 1e-20f ? x : copysignf(1e-20f, x)); };
    return {inv(d.x), inv(d.y), inv(d.z)};
}

// ---- Point visibility (racelab visibility --rule): is the segment (or ray) from an origin towards a vertex
// blocked by a triangle? Published solutions of the course task decide edge cases differently, so each rule is
// spelled out here once and the GPU kernels and the CPU references (BVH and brute force) all call it.

enum class VisibilityRuleKind : int {
    Geometric = 0,  // racelab's own: float Moller-Trumbore (intersect above), edges count, 0 < t < 1 - epsilon
    Writeup = 1,    // the course write-up's test as printed: float, EPSILON on |det| and t, inclusive u, v
    Margin = 2,     // double precision, every quantity must clear an absolute margin
};

struct VisibilityRule {
    VisibilityRuleKind kind = VisibilityRuleKind::Geometric;
    double epsilon = kSegmentEpsilon;  // geometric: the segment's end; writeup: EPSILON; margin: the margin m
    bool segment = true;               // t bounded above (the triangle lies before the vertex); false: a ray
};

// geometric: today's racelab rule, the two-sided float test above (|det| >= kParallelEpsilon, edges included);
// blocked when 0 < t < 1 - epsilon (segment: the vertex's own triangles meet it at t = 1) or 0 < t (ray).
RACELAB_HD bool geometricBlocks(Vec3 origin, Vec3 direction, Vec3 a, Vec3 b, Vec3 c, float epsilon, bool segment) {
    return intersect(origin, direction, a, b, c, 0.f, segment ? subRn(1.f, epsilon) : INFINITY).hit;
}

// writeup: the course write-up's Moller-Trumbore as printed (single precision, EPSILON = 1e-7): |det| < EPSILON
// misses, u and v bounds are inclusive, t > EPSILON hits. It is a ray test; as a segment, 1 - t > EPSILON too.
// det == 0 also misses, so that --epsilon 0 never divides by zero (with EPSILON > 0 it changes nothing).
RACELAB_HD bool writeupBlocks(Vec3 origin, Vec3 direction, Vec3 a, Vec3 b, Vec3 c, float epsilon, bool segment) {
    const Vec3 edge1 = subRn(b, a), edge2 = subRn(c, a);
    const Vec3 h = crossRn(direction, edge2);
    const float det = dotRn(edge1, h);
    if (fabsf(det) < epsilon || det == 0.f) return false;
    const float f = 1.f / det;
    const Vec3 s = subRn(origin, a);
    const float u = mulRn(f, dotRn(s, h));
    if (u < 0.f || u > 1.f) return false;
    const Vec3 q = crossRn(s, edge1);
    const float v = mulRn(f, dotRn(direction, q));
    if (v < 0.f || addRn(u, v) > 1.f) return false;
    const float t = mulRn(f, dotRn(edge2, q));
    return t > epsilon && (!segment || subRn(1.f, t) > epsilon);
}

// margin: double precision with an absolute margin m: blocked only when |det| > m, u > m, v > m, 1 - u - v > m,
// t > m and (segment) 1 - t > m. Grazing hits, hits on an edge and tiny triangles never block. The segment is
// taken from the float origin and target directly (exact in double), not from the float direction. The double
// products and sums are unfused too (dotRn, crossRn, mulRn and subRn on doubles), for the same reason as the
// float rules'.
RACELAB_HD bool marginBlocks(Vec3 origin, Vec3 target, Vec3 a, Vec3 b, Vec3 c, double m, bool segment) {
    const Vec3d o(origin), corner(a);  // widening a float is exact
    const Vec3d d = subRn(Vec3d(target), o), e1 = subRn(Vec3d(b), corner), e2 = subRn(Vec3d(c), corner), s = subRn(o, corner);
    const Vec3d p = crossRn(d, e2);
    const double det = dotRn(e1, p);
    if (!(fabs(det) > m)) return false;
    const double inv = 1.0 / det;
    const double u = mulRn(dotRn(s, p), inv);
    if (!(u > m)) return false;
    const Vec3d q = crossRn(s, e1);
    const double v = mulRn(dotRn(d, q), inv);
    if (!(v > m) || !(subRn(subRn(1.0, u), v) > m)) return false;
    const double t = mulRn(dotRn(e2, q), inv);
    return t > m && (!segment || subRn(1.0, t) > m);
}

// Does triangle abc block the way from origin towards target (direction = target - origin, as the caller
// computed it in float) under the rule?
RACELAB_HD bool ruleBlocks(const VisibilityRule& rule, Vec3 origin, Vec3 target, Vec3 direction, Vec3 a, Vec3 b, Vec3 c) {
    switch (rule.kind) {
    case VisibilityRuleKind::Writeup:
        return writeupBlocks(origin, direction, a, b, c, static_cast<float>(rule.epsilon), rule.segment);
    case VisibilityRuleKind::Margin: return marginBlocks(origin, target, a, b, c, rule.epsilon, rule.segment);
    case VisibilityRuleKind::Geometric: break;
    }
    return geometricBlocks(origin, direction, a, b, c, static_cast<float>(rule.epsilon), rule.segment);
}

// The visibility traversals (CPU BVH, GPU LBVH) must never skip a triangle the rule counts, or they would not
// equal brute force. Rounding lets a float rule accept a hit point a little outside the triangle (inclusive
// bounds; the error grows with the distance from the origin), more than the boxes' 1e-6 padding covers, and at
// grazing angles t is off by far more than u and v: the rule may take t < 1 for a triangle the segment only
// reaches just beyond its end (or t > 0 just behind its start). So these queries grow every box by a slack
// relative to the scene's size (about 60x the worst miss a random search of near-edge and grazing rays found)
// and test t over [-kVisibilityTSlack, 1 + kVisibilityTSlack] for a segment (every rule's bound is below 1) and
// from -kVisibilityTSlack on for a ray. Growing the search only costs box visits (a few percent), never an answer.
// What no box test can bound: a segment within about 1e-5 (det relative to the edge lengths) of a triangle's
// plane, whose rounded t may land anywhere; geometric's 1e-9 admits such dets, writeup's 1e-7 only for large
// triangles or long segments, margin's double precision never. tests/cpu/visibility_rules_test.cpp checks
// that every triangle a rule counts on the procedural meshes enters its own leaf box.
inline constexpr float kVisibilitySlack = 1e-5f;
inline constexpr float kVisibilityTSlack = 1e-2f;

RACELAB_HD float maxAbs(Vec3 a) { return fmaxf(fmaxf(fabsf(a.x), fabsf(a.y)), fabsf(a.z)); }

// sceneScale: the largest |coordinate| of the mesh.
RACELAB_HD float visibilityBoxSlack(Vec3 origin, float sceneScale) {
    return mulRn(kVisibilitySlack, addRn(addRn(maxAbs(origin), sceneScale), 1.f));
}
RACELAB_HD float visibilityBoxFar(const VisibilityRule& rule) { return rule.segment ? 1.f + kVisibilityTSlack : INFINITY; }

// The slab test of hitsBox on the box grown by `slack`, over t in [-kVisibilityTSlack, tFar].
RACELAB_HD bool hitsGrownBox(Vec3 origin, Vec3 inverseDirection, Vec3 lo, Vec3 hi, float slack, float tFar) {
    const Vec3 grow{slack, slack, slack};
    const Vec3 l = subRn(lo, grow), h = addRn(hi, grow);
    float t0x = mulRn(subRn(l.x, origin.x), inverseDirection.x), t1x = mulRn(subRn(h.x, origin.x), inverseDirection.x);
    float t0y = mulRn(subRn(l.y, origin.y), inverseDirection.y), t1y = mulRn(subRn(h.y, origin.y), inverseDirection.y);
    float t0z = mulRn(subRn(l.z, origin.z), inverseDirection.z), t1z = mulRn(subRn(h.z, origin.z), inverseDirection.z);
    float near = fmaxf(fmaxf(fminf(t0x, t1x), fminf(t0y, t1y)), fmaxf(fminf(t0z, t1z), -kVisibilityTSlack));
    float far = fminf(fminf(fmaxf(t0x, t1x), fmaxf(t0y, t1y)), fminf(fmaxf(t0z, t1z), tFar));
    return near <= far;
}

// 30-bit Morton code of a point in the unit cube (10 bits per axis).
RACELAB_HD std::uint32_t expandBits(std::uint32_t v) {
    v = (v * 0x00010001u) & 0xFF0000FFu;
    v = (v * 0x00000101u) & 0x0F00F00Fu;
    v = (v * 0x00000011u) & 0xC30C30C3u;
    v = (v * 0x00000005u) & 0x49249249u;
    return v;
}
RACELAB_HD std::uint32_t morton3(float x, float y, float z) {
    auto cell = [](float f) { return static_cast<std::uint32_t>(fminf(fmaxf(f * 1024.f, 0.f), 1023.f)); };
    return (expandBits(cell(x)) << 2) | (expandBits(cell(y)) << 1) | expandBits(cell(z));
}

// Orbit camera around a centre: yaw/pitch in radians, distance in scene units.
struct Camera {
    Vec3 eye, forward, right, up;
    float tanHalfFov, aspect;
};

// Host only: the camera is computed once on the host (withCamera) and the same values are handed to the GPU
// and to the CPU reference (the GPU's sinf/cosf would round differently). So it may use GLM's operators,
// glm::normalize and glm::cross: the host never fuses (-ffp-contract=off), and GLM spells them as the unfused
// helpers do (normalize: v * (1 / sqrt(dot(v, v))), dot summed x, y, z in order, cross the same differences of
// products), so the camera is bit for bit the one the unfused formula gave (tests/cpu/mesh_geometry_test.cpp).
inline Camera orbitCamera(Vec3 centre, float yaw, float pitch, float distance, int width, int height) {
    Camera c;
    const Vec3 offset{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
    c.eye = centre + offset * distance;
    c.forward = glm::normalize(centre - c.eye);
    c.right = glm::normalize(glm::cross(c.forward, Vec3{0.f, 1.f, 0.f}));
    c.up = glm::cross(c.right, c.forward);
    c.tanHalfFov = .5f;  // about 53 degrees vertically
    c.aspect = static_cast<float>(width) / static_cast<float>(height);
    return c;
}

// Primary ray of pixel (x, y), row 0 at the bottom.
RACELAB_HD Vec3 primaryDirection(const Camera& c, int x, int y, int width, int height) {
    float sx = mulRn(mulRn(subRn(mulRn(2.f, addRn(static_cast<float>(x), .5f)) / static_cast<float>(width), 1.f), c.tanHalfFov), c.aspect);
    float sy = mulRn(subRn(mulRn(2.f, addRn(static_cast<float>(y), .5f)) / static_cast<float>(height), 1.f), c.tanHalfFov);
    return normalizeRn(addRn(addRn(c.forward, scaleRn(c.right, sx)), scaleRn(c.up, sy)));
}

// Pixel of a world point, or false when it is behind the camera or off screen.
RACELAB_HD bool projectToPixel(const Camera& c, Vec3 p, int width, int height, int& x, int& y) {
    Vec3 d = subRn(p, c.eye);
    float z = dotRn(d, c.forward);
    if (z <= 1e-6f) return false;
    // products only (no sum to fuse them into), so the plain operators round alike on both sides
    float sx = dotRn(d, c.right) / (z * c.tanHalfFov * c.aspect), sy = dotRn(d, c.up) / (z * c.tanHalfFov);
    x = static_cast<int>(floorf((sx + 1.f) * .5f * static_cast<float>(width)));
    y = static_cast<int>(floorf((sy + 1.f) * .5f * static_cast<float>(height)));
    return x >= 0 && y >= 0 && x < width && y < height;
}

enum class Shading : int { Mask = 0, Depth = 1, Normal = 2, TriangleId = 3 };

// What a frame of the mesh scene shows: the orbit camera, the shading, and the optional dots of the
// vertices visible from an origin point.
struct MeshView {
    Camera camera{};  // filled on the host by withCamera(): the GPU's sinf/cosf would round differently
    Vec3 centre{0.f, 0.f, 0.f};
    float yaw = .6f, pitch = .35f, distance = 3.f;
    Shading shading = Shading::Mask;
    float nearT = 0.f, farT = 1.f;  // depth shading range
    bool showVisibleVertices = false;
    Vec3 origin{0.f, 0.f, 0.f};
};

inline MeshView withCamera(MeshView view, int width, int height) {
    view.camera = orbitCamera(view.centre, view.yaw, view.pitch, view.distance, width, height);
    return view;
}

// The facing geometric normal of a triangle for a ray direction.
RACELAB_HD Vec3 facingNormal(Vec3 a, Vec3 b, Vec3 c, Vec3 direction) {
    Vec3 n = normalizeRn(crossRn(subRn(b, a), subRn(c, a)));
    return dotRn(n, direction) > 0.f ? scaleRn(n, -1.f) : n;
}

// colour of the dots of visible vertices
inline constexpr std::uint8_t kDotRed = 40, kDotGreen = 220, kDotBlue = 60;

// RGBA8 of a pixel: miss is dark grey; a hit is white (mask), grey by distance (depth: near white, far dark),
// the facing normal mapped to colour, or a colour hashed from the triangle index.
RACELAB_HD void shadeHit(Shading mode, bool hit, float t, float nearT, float farT, Vec3 normal, std::uint32_t triangle,
                         std::uint8_t* out) {
    out[3] = 255;
    if (!hit) {
        out[0] = out[1] = out[2] = 32;
        return;
    }
    switch (mode) {
    case Shading::Mask: out[0] = out[1] = out[2] = 255; break;
    case Shading::Depth: {
        float g = 1.f - clampf((t - nearT) / (farT - nearT), 0.f, 1.f);
        out[0] = out[1] = out[2] = toByte(.15f + .85f * g);
        break;
    }
    case Shading::Normal:
        out[0] = toByte(.5f + .5f * normal.x);
        out[1] = toByte(.5f + .5f * normal.y);
        out[2] = toByte(.5f + .5f * normal.z);
        break;
    case Shading::TriangleId: {
        std::uint32_t h = triangle * 2654435761u;
        h ^= h >> 15;
        out[0] = static_cast<std::uint8_t>(64 + (h & 0x7f));
        out[1] = static_cast<std::uint8_t>(64 + ((h >> 8) & 0x7f));
        out[2] = static_cast<std::uint8_t>(64 + ((h >> 16) & 0x7f));
        break;
    }
    }
}

}  // namespace racelab::mesh
