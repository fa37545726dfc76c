// racelab/circles.cuh: the circles family's contract with a user kernel (installed as
// share/racelab/kernels/include/racelab/circles.cuh; `#include <racelab/circles.cuh>` finds it).
//
// The names and layout are CS149 asst3's (render/cudaRenderer.cu), so a student's kernels port by copying:
// cuConstRendererParams holds the scene name, the circle count and the device arrays (position: x, y, depth
// per circle in [0,1]; color: r, g, b; radius), and the float4 image of imageWidth x imageHeight pixels, row 0
// at the bottom. Before the file's launches run, racelab has cleared the image as the course's clearImage
// does (white, or the snow scenes' grey ramp), so the launches do what the course's render() does: blend every
// circle, in index order, into the pixels it covers. racelab reads the image back when they are done and
// judges it by the course's rule. The inputs are racelab's copies: writing them changes no later frame.
#pragma once
#include <racelab/launch.cuh>

// What the course's code takes from its own headers and the host's: `uint` (glibc's <sys/types.h>, which NVRTC
// does not have; left alone where the file defined it as a macro first) and the fireworks' sizes
// (circleRenderer.h).
#ifndef uint
typedef unsigned int uint;
#endif
#ifndef NUM_FIREWORKS
#define NUM_FIREWORKS 15
#endif
#ifndef NUM_SPARKS
#define NUM_SPARKS 20
#endif

// SceneName, the one declaration circleRenderer.h takes too. The path is the installed one: this file is
// kernels/include/racelab/circles.cuh, that one kernels/include/harness/circles/course_scene_names.h.
#include "../harness/circles/course_scene_names.h"

struct GlobalConstants {
    SceneName sceneName;
    int numCircles;
    float* position;  // 3 floats a circle: x, y, depth
    float* velocity;  // 3 floats a circle
    float* color;     // 3 floats a circle: r, g, b
    float* radius;    // 1 float a circle
    int imageWidth;
    int imageHeight;
    float* imageData;  // 4 floats a pixel (r, g, b, a), imageWidth * imageHeight pixels, row 0 at the bottom
};

__constant__ GlobalConstants cuConstRendererParams;

// The sizes launch lists and scratch buffers count in (RACELAB_PER_ITEM, RACELAB_BUFFER).
#define RACELAB_CIRCLES 0  // numCircles
#define RACELAB_PIXELS 1   // imageWidth * imageHeight
#define RACELAB_TILES16 2  // 16x16 pixel tiles: ceil(imageWidth / 16) * ceil(imageHeight / 16)

// The snow scenes shade a circle by the distance from its centre through this colour ramp (white, white,
// pale blue, pale blue, lilac), as the course's lookupColor does: `coord` is the distance over the radius.
__device__ __inline__ float3 lookupColor(float coord) {
    // The ramp's entries selected, not indexed: an array indexed at run time would live in the thread's local
    // memory and be written on every call.
    float scaled = coord * 4.f;
    int base = static_cast<int>(scaled);
    base = base < 4 ? base : 4;
    int next = base + 1 < 5 ? base + 1 : 4;
    float w = scaled - static_cast<float>(base);
    float3 a = base < 2 ? make_float3(1.f, 1.f, 1.f) : base < 4 ? make_float3(.8f, .9f, 1.f) : make_float3(.8f, .8f, 1.f);
    float3 b = next < 2 ? make_float3(1.f, 1.f, 1.f) : next < 4 ? make_float3(.8f, .9f, 1.f) : make_float3(.8f, .8f, 1.f);
    return make_float3((1.f - w) * a.x + w * b.x, (1.f - w) * a.y + w * b.y, (1.f - w) * a.z + w * b.z);
}

// The course's shading at a pixel centre of a circle given by its values (shadePixel's arithmetic: colour and
// alpha .5, or the snow scenes' ramp and falloff); false when the centre lies outside the circle. `shape` is
// x, y, depth and radius; `color` points at its r, g, b (read only where the scene uses it), in global or
// shared memory. For renderers that keep circles in shared memory (tiled.cu stages them there).
__device__ __inline__ bool shadeCircleValues(float4 shape, const float* color, float2 center, float3& rgb, float& alpha) {
    float dx = shape.x - center.x, dy = shape.y - center.y;
    float dist = dx * dx + dy * dy;
    float rad = shape.w;
    if (dist > rad * rad) return false;
    if (cuConstRendererParams.sceneName == SNOWFLAKES || cuConstRendererParams.sceneName == SNOWFLAKES_SINGLE_FRAME) {
        float norm = sqrtf(dist) / rad;
        rgb = lookupColor(norm);
        alpha = .5f * fmaxf(fminf(.6f + .4f * (1.f - shape.z), 1.f), 0.f) * expf(-4.f * norm * norm);
    } else {
        rgb = make_float3(color[0], color[1], color[2]);
        alpha = .5f;
    }
    return true;
}

// Circle `i`'s x, y, depth and radius, as shadeCircleValues takes them.
__device__ __inline__ float4 circleShape(int i) {
    float3 p = *(float3*)&cuConstRendererParams.position[3 * i];
    return make_float4(p.x, p.y, p.z, cuConstRendererParams.radius[i]);
}

// The same shading of circle `i`, read from the parameters' arrays. For renderers that composite in an order
// of their own.
__device__ __inline__ bool shadeCircle(int i, float2 center, float3& rgb, float& alpha) {
    return shadeCircleValues(circleShape(i), &cuConstRendererParams.color[3 * i], center, rgb, alpha);
}

// That shading blended over `pixel`, which the caller keeps in registers. For renderers in which one thread
// owns each pixel and walks its circles in index order (the example per_pixel.cu).
__device__ __inline__ void blendCircleInto(int i, float2 center, float4& pixel) {
    float3 rgb;
    float alpha;
    if (!shadeCircle(i, center, rgb, alpha)) return;
    pixel.x = alpha * rgb.x + (1.f - alpha) * pixel.x;
    pixel.y = alpha * rgb.y + (1.f - alpha) * pixel.y;
    pixel.z = alpha * rgb.z + (1.f - alpha) * pixel.z;
    pixel.w = alpha + pixel.w;
}
