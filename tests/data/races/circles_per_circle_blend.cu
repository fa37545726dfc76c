// The starter's race, small: one thread per circle blends its circle into every pixel of its bounding box by
// a plain read and write of the pixel. Overlapping circles of different threads lose updates.
// scene: circles/pattern
// size: 256x256
// expect: read-write across A B
// expect: write-write across B B
#include <racelab/circles.cuh>

__global__ void renderCircles() {
    const int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= cuConstRendererParams.numCircles) return;
    const float3 p = *(float3*)&cuConstRendererParams.position[3 * index];
    const float r = cuConstRendererParams.radius[index];
    const int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    const int minX = max(0, static_cast<int>(width * (p.x - r))), maxX = min(width, static_cast<int>(width * (p.x + r)) + 1);
    const int minY = max(0, static_cast<int>(height * (p.y - r))), maxY = min(height, static_cast<int>(height * (p.y + r)) + 1);
    for (int y = minY; y < maxY; ++y)
        for (int x = minX; x < maxX; ++x) {
            const float2 center = make_float2((x + .5f) / width, (y + .5f) / height);
            float4* pixel = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
            float4 value = *pixel;  // [A]
            blendCircleInto(index, center, value);
            *pixel = value;  // [B]
        }
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(renderCircles, RACELAB_CIRCLES, 256));
