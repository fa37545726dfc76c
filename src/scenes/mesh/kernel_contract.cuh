// racelab/mesh.cuh: the mesh family's contract with a user kernel (installed as
// share/racelab/kernels/include/racelab/mesh.cuh; `#include <racelab/mesh.cuh>` finds it).
//
// The kernel ray-casts a hit mask: for every pixel, does the orbit camera's primary ray through it hit any
// triangle of the mesh (at a distance 0 < t < MESH_FAR)? meshParams holds the triangles, the camera (computed
// by racelab on the host, the same values its CPU reference uses) and the mask, one byte a pixel, zero when the
// launches start: write 1 where the ray hits. meshRay() gives a pixel's ray and meshHit() tests it against one
// triangle, each rounded exactly as racelab's CPU reference rounds them (every product and sum on its own), so
// a correct kernel agrees with it on every pixel, including rays that graze an edge. When the launches are done
// racelab shades the mask as the family's hit-mask view (hit: white, miss: dark grey) and draws the visible
// vertices' dots when they are on. The mask is what the kernel computes whatever the shading parameter; compare
// with the reference at shading=hit mask. The inputs are racelab's copies: writing them changes no later frame.
#pragma once
#include <racelab/launch.cuh>

struct MeshTriangle {
    float4 a, b, c;  // the corners in x, y, z (a.w holds racelab's index of the triangle, as bits: ignore it)
};

struct MeshCamera {
    float3 eye;              // where every primary ray starts
    float3 forward, right, up;
    float tanHalfFov, aspect;
};

struct MeshParams {
    const MeshTriangle* triangles;  // triangleCount, in the mesh's order
    unsigned char* hit;             // width * height, pixel (x, y) at [y * width + x], row 0 at the bottom: 0 at the start
    int triangleCount;
    int width, height;
    MeshCamera camera;
};

__constant__ MeshParams meshParams;

// The sizes launch lists and scratch buffers count in (RACELAB_PER_ITEM, RACELAB_BUFFER).
#define RACELAB_PIXELS 0     // width * height
#define RACELAB_TRIANGLES 1  // triangleCount
#define RACELAB_TILES16 2    // 16x16 pixel tiles: ceil(width / 16) * ceil(height / 16)

// The far end of a primary ray: a hit counts when 0 < t < MESH_FAR.
#define MESH_FAR 1e30f

// ---- Vector arithmetic rounded one operation at a time (never fused into a multiply-add), as on the CPU.

__device__ __forceinline__ float3 meshAdd(float3 a, float3 b) {
    return make_float3(__fadd_rn(a.x, b.x), __fadd_rn(a.y, b.y), __fadd_rn(a.z, b.z));
}
__device__ __forceinline__ float3 meshSub(float3 a, float3 b) {
    return make_float3(__fsub_rn(a.x, b.x), __fsub_rn(a.y, b.y), __fsub_rn(a.z, b.z));
}
__device__ __forceinline__ float3 meshScale(float3 a, float s) {
    return make_float3(__fmul_rn(a.x, s), __fmul_rn(a.y, s), __fmul_rn(a.z, s));
}
__device__ __forceinline__ float meshDot(float3 a, float3 b) {
    return __fadd_rn(__fadd_rn(__fmul_rn(a.x, b.x), __fmul_rn(a.y, b.y)), __fmul_rn(a.z, b.z));
}
__device__ __forceinline__ float3 meshCross(float3 a, float3 b) {
    return make_float3(__fsub_rn(__fmul_rn(a.y, b.z), __fmul_rn(a.z, b.y)), __fsub_rn(__fmul_rn(a.z, b.x), __fmul_rn(a.x, b.z)),
                       __fsub_rn(__fmul_rn(a.x, b.y), __fmul_rn(a.y, b.x)));
}
__device__ __forceinline__ float3 meshCorner(float4 v) { return make_float3(v.x, v.y, v.z); }

// The direction (unit length) of the primary ray through the centre of pixel (x, y); it starts at
// meshParams.camera.eye.
__device__ __forceinline__ float3 meshRay(int x, int y) {
    const MeshCamera& c = meshParams.camera;
    const float sx = __fmul_rn(__fmul_rn(__fsub_rn(__fmul_rn(2.f, __fadd_rn(static_cast<float>(x), .5f)) /
                                                       static_cast<float>(meshParams.width), 1.f),
                                         c.tanHalfFov),
                               c.aspect);
    const float sy = __fmul_rn(__fsub_rn(__fmul_rn(2.f, __fadd_rn(static_cast<float>(y), .5f)) / static_cast<float>(meshParams.height),
                                         1.f),
                               c.tanHalfFov);
    const float3 d = meshAdd(meshAdd(c.forward, meshScale(c.right, sx)), meshScale(c.up, sy));
    const float length = sqrtf(meshDot(d, d));
    return length > 0.f ? meshScale(d, 1.f / length) : d;
}

// Whether the ray from `origin` along `direction` hits triangle `t` at a distance tMin < t < tMax
// (Moller-Trumbore, two-sided, edges included; a ray parallel to the triangle misses).
__device__ __forceinline__ bool meshHit(float3 origin, float3 direction, const MeshTriangle& t, float tMin, float tMax) {
    const float3 a = meshCorner(t.a);
    const float3 e1 = meshSub(meshCorner(t.b), a), e2 = meshSub(meshCorner(t.c), a);
    const float3 p = meshCross(direction, e2);
    const float det = meshDot(e1, p);
    if (fabsf(det) < 1e-9f) return false;
    const float inv = 1.f / det;
    const float3 s = meshSub(origin, a);
    const float u = __fmul_rn(meshDot(s, p), inv);
    if (u < 0.f || u > 1.f) return false;
    const float3 q = meshCross(s, e1);
    const float v = __fmul_rn(meshDot(direction, q), inv);
    if (v < 0.f || __fadd_rn(u, v) > 1.f) return false;
    const float distance = __fmul_rn(meshDot(e2, q), inv);
    return distance > tMin && distance < tMax;
}
