// The twin of circles_per_circle_blend.cu: one thread per pixel blends every circle in order, so each pixel
// has one writer.
// scene: circles/pattern
// size: 256x256
// expect: none
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    if (x >= width || y >= height) return;
    const float2 center = make_float2((x + .5f) / width, (y + .5f) / height);
    float4* pixel = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
    float4 value = *pixel;
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) blendCircleInto(i, center, value);
    *pixel = value;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
