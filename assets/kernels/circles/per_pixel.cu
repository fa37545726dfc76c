// A correct circle renderer, the simplest one: one thread per pixel walks every circle in index order and
// blends those that cover its centre. No two threads share a pixel and each pixel sees the circles in blend
// order, so there is no race; but every pixel tests every circle (fine for rand10k, slow for rand1M).
#include <racelab/circles.cuh>

__device__ __inline__ void blendCircle(int i, float2 center, float4& pixel) {
    float3 p = *(float3*)&cuConstRendererParams.position[3 * i];
    float rad = cuConstRendererParams.radius[i];
    float dx = p.x - center.x, dy = p.y - center.y;
    float dist = dx * dx + dy * dy;
    if (dist > rad * rad) return;
    float3 rgb;
    float alpha;
    if (cuConstRendererParams.sceneName == SNOWFLAKES || cuConstRendererParams.sceneName == SNOWFLAKES_SINGLE_FRAME) {
        float norm = sqrtf(dist) / rad;
        rgb = lookupColor(norm);
        alpha = .5f * fmaxf(fminf(.6f + .4f * (1.f - p.z), 1.f), 0.f) * expf(-4.f * norm * norm);
    } else {
        rgb = *(float3*)&cuConstRendererParams.color[3 * i];
        alpha = .5f;
    }
    pixel.x = alpha * rgb.x + (1.f - alpha) * pixel.x;
    pixel.y = alpha * rgb.y + (1.f - alpha) * pixel.y;
    pixel.z = alpha * rgb.z + (1.f - alpha) * pixel.z;
    pixel.w = alpha + pixel.w;
}

__global__ void renderPixels() {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    if (x >= width || y >= height) return;
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + .5f));
    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
    float4 pixel = *out;  // the cleared colour
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) blendCircle(i, center, pixel);
    *out = pixel;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
