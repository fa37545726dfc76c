// A first circle renderer, as CS149 asst3 starts it: one thread per circle, each blending its circle into
// every pixel of its bounding box. Written by `racelab new-kernel circles FILE`.
//
// It has a race. Two threads whose circles overlap read, blend and write the same pixel at the same time:
// one update is lost, and the blend order (circle 0 first) is not kept. Run it in the viewer
// (`racelab view --scene circles/rand10k --kernel FILE`), press H for the heat view, and watch where.
#include <racelab/circles.cuh>

// Blends circle `circleIndex` into the pixel at `imagePtr` if the pixel's centre lies inside it.
__device__ __inline__ void shadePixel(int circleIndex, float2 pixelCenter, float3 p, float4* imagePtr) {
    float diffX = p.x - pixelCenter.x;
    float diffY = p.y - pixelCenter.y;
    float pixelDist = diffX * diffX + diffY * diffY;
    float rad = cuConstRendererParams.radius[circleIndex];
    if (pixelDist > rad * rad) return;

    float3 rgb;
    float alpha;
    if (cuConstRendererParams.sceneName == SNOWFLAKES || cuConstRendererParams.sceneName == SNOWFLAKES_SINGLE_FRAME) {
        float normPixelDist = sqrtf(pixelDist) / rad;
        rgb = lookupColor(normPixelDist);
        float maxAlpha = .5f * fmaxf(fminf(.6f + .4f * (1.f - p.z), 1.f), 0.f);
        alpha = maxAlpha * expf(-4.f * normPixelDist * normPixelDist);
    } else {
        rgb = *(float3*)&cuConstRendererParams.color[3 * circleIndex];
        alpha = .5f;
    }

    // Read, blend, write: not atomic, and nothing orders the threads that share this pixel.
    float4 existing = *imagePtr;
    float4 blended;
    blended.x = alpha * rgb.x + (1.f - alpha) * existing.x;
    blended.y = alpha * rgb.y + (1.f - alpha) * existing.y;
    blended.z = alpha * rgb.z + (1.f - alpha) * existing.z;
    blended.w = alpha + existing.w;
    *imagePtr = blended;
}

__global__ void kernelRenderCircles() {
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= cuConstRendererParams.numCircles) return;

    float3 p = *(float3*)&cuConstRendererParams.position[3 * index];
    float rad = cuConstRendererParams.radius[index];
    int width = cuConstRendererParams.imageWidth;
    int height = cuConstRendererParams.imageHeight;

    // The circle's bounding box in pixels, clamped to the image.
    int minX = max(0, min(width, static_cast<int>(width * (p.x - rad))));
    int maxX = max(0, min(width, static_cast<int>(width * (p.x + rad)) + 1));
    int minY = max(0, min(height, static_cast<int>(height * (p.y - rad))));
    int maxY = max(0, min(height, static_cast<int>(height * (p.y + rad)) + 1));

    float invWidth = 1.f / width, invHeight = 1.f / height;
    for (int y = minY; y < maxY; ++y) {
        float4* pixel = (float4*)&cuConstRendererParams.imageData[4 * (y * width + minX)];
        for (int x = minX; x < maxX; ++x, ++pixel) {
            float2 center = make_float2(invWidth * (x + .5f), invHeight * (y + .5f));
            shadePixel(index, center, p, pixel);
        }
    }
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(kernelRenderCircles, RACELAB_CIRCLES, 256));
