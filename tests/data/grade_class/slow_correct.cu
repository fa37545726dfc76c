// Correct but slow: one thread per pixel (a flat launch over the frame's pixels, 256 threads a block) walks
// EVERY circle of the scene in index order and blends those that cover its centre with the contract's
// blendCircleInto (the course's shading: colour at alpha .5, or the snow scenes' ramp and falloff). No binning,
// no culling, no shared memory: each pixel belongs to one thread and sees the circles in blend order, so there
// is no race and the picture is the course's on every circles scene, snow included. But every pixel tests every
// circle, width x height x numCircles tests a frame: about 10^12 on rand1M and 2 x 10^12 on micro2M at
// 1024x1024, many times (hundreds to thousands of times, not measured here) the tiled example's time there.
// A grader must say: `pass` on all 13 circles scenes (the CS149 rule, the same in every run), never `race`,
// `wrong`, `fault` or `timeout` at the default --kernel-timeout; scored as correct but slow: the 2 correctness
// points and none of the performance points (slower than 10 times `good`) on rand1M and micro2M at least.
#include <racelab/circles.cuh>

__global__ void renderEveryCircle() {
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= width * height) return;
    int x = index % width, y = index / width;  // row 0 at the bottom, as the image is laid out
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + .5f));
    float4* out = (float4*)&cuConstRendererParams.imageData[4 * index];
    float4 pixel = *out;  // the cleared colour (white, or the snow scenes' grey ramp)
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) blendCircleInto(i, center, pixel);
    *out = pixel;
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(renderEveryCircle, RACELAB_PIXELS, 256));
