// racelab/planes.cuh: the planes family's contract with a user kernel (installed as
// share/racelab/kernels/include/racelab/planes.cuh; `#include <racelab/planes.cuh>` finds it).
//
// The kernel composites planeCount RGBA planes into one image, first plane to last (the last lies on top),
// every frame. planeParams holds the planes (straight RGBA8, width x height each, back to back), this frame's
// scroll offset of each plane (the planes move with parallax: frame pixel (x, y) shows plane k's pixel
// ((x + offset.x) % width, (y + offset.y) % height), which planePixel() reads), the blend mode, and the
// result: one float4 a pixel, (0, 0, 0, 0) when the launches start. Each plane pixel is blended onto the
// running result by blendPlane(), in plane order; when the launches are done racelab turns the result into
// the frame as the family's own variants do (seed: the result as it is; over: premultiplied, shown over
// white). Blending is not commutative: a pixel must see plane 0, then 1, then 2, ... The inputs are racelab's
// copies: writing them changes no later frame.
#pragma once
#include <racelab/launch.cuh>

#define PLANE_BLEND_SEED 0  // result = result * (1 - alpha) + plane * alpha, alpha fixed (planeParams.alpha)
#define PLANE_BLEND_OVER 1  // Porter-Duff over with the plane pixel's own alpha, premultiplied

struct PlaneParams {
    const uchar4* planes;  // planeCount * width * height pixels: plane k's pixel (x, y) at [k * width * height + y * width + x]
    const int2* offsets;   // planeCount: this frame's scroll of each plane, 0 <= x < width, 0 <= y < height
    int planeCount;
    int width, height;     // of the planes and the frame; row 0 at the bottom
    int blend;             // PLANE_BLEND_SEED or PLANE_BLEND_OVER
    float alpha;           // the seed mode's fixed alpha
    float4* result;        // width * height, pixel (x, y) at [y * width + x]: zero when the launches start
};

__constant__ PlaneParams planeParams;

// The sizes launch lists and scratch buffers count in (RACELAB_PER_ITEM, RACELAB_BUFFER).
#define RACELAB_PIXELS 0        // width * height
#define RACELAB_PLANES 1        // planeCount
#define RACELAB_PLANE_PIXELS 2  // planeCount * width * height: one thread per (pixel, plane)

// Plane k's pixel that frame pixel (x, y) shows this frame.
__device__ __forceinline__ uchar4 planePixel(int k, int x, int y) {
    const int w = planeParams.width, h = planeParams.height;
    const int2 o = planeParams.offsets[k];
    const int sx = (x + o.x) % w, sy = (y + o.y) % h;
    return planeParams.planes[static_cast<size_t>(k) * w * h + static_cast<size_t>(sy) * w + sx];
}

// The running result of a pixel with one more plane pixel blended on top, as racelab's CPU reference blends.
__device__ __forceinline__ float4 blendPlane(float4 result, uchar4 plane) {
    const float k = 1.f / 255.f;
    const float pr = plane.x * k, pg = plane.y * k, pb = plane.z * k, pa = plane.w * k;
    if (planeParams.blend == PLANE_BLEND_SEED) {
        const float alpha = planeParams.alpha, keep = 1.f - alpha;
        return make_float4(result.x * keep + pr * alpha, result.y * keep + pg * alpha, result.z * keep + pb * alpha,
                           result.w * keep + pa * alpha);
    }
    const float keep = 1.f - pa;
    return make_float4(pr * pa + result.x * keep, pg * pa + result.y * keep, pb * pa + result.z * keep, pa + result.w * keep);
}
