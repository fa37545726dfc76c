// Wrong the same way every run (a bug, not a race): the per-pixel renderer with each pixel shaded as the
// one a row above it (y + 1), so every circle's edge is one row off. The judge tests expect "wrong, identical".
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    if (x >= width || y >= height) return;
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + 1 + .5f));  // the bug: y + 1
    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
    float4 pixel = *out;
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) blendCircleInto(i, center, pixel);
    *out = pixel;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
