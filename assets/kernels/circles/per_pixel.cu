// A correct circle renderer, the simplest one: one thread per pixel walks every circle in index order and
// blends those that cover its centre. No two threads share a pixel and each pixel sees the circles in blend
// order, so there is no race; but every pixel tests every circle (fine for rand10k, slow for rand1M).
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    if (x >= width || y >= height) return;
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + .5f));
    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
    float4 pixel = *out;  // the cleared colour
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) blendCircleInto(i, center, pixel);
    *out = pixel;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
