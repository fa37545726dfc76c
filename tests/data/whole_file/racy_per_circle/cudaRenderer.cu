// A course-style whole-file solution written for racelab's tests: the 2025 interface (loadScene with a seed),
// no cudaRenderer.h of its own (racelab's, the starter's members, is used), one thread per circle blending
// into every pixel of its box with a plain read-modify-write. Circles that overlap race on their pixels: the
// result depends on the order the threads happen to run in. Static scenes only (advanceAnimation does nothing).
#include <cstdio>
#include <cuda_runtime.h>

#include "cudaRenderer.h"
#include "image.h"
#include "sceneLoader.h"

struct GlobalConstants {
    SceneName sceneName;
    int numCircles;
    float* position;
    float* color;
    float* radius;
    int imageWidth;
    int imageHeight;
    float* imageData;
};

__constant__ GlobalConstants cuConstRendererParams;

__global__ void kernelClearImage(float r, float g, float b, float a) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    if (x >= w || y >= h) return;
    *(float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]) = make_float4(r, g, b, a);
}

__global__ void kernelRenderCircles() {
    const int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= cuConstRendererParams.numCircles) return;
    const float px = cuConstRendererParams.position[3 * index], py = cuConstRendererParams.position[3 * index + 1];
    const float rad = cuConstRendererParams.radius[index];
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    const int minX = max(static_cast<int>(w * (px - rad)), 0), maxX = min(static_cast<int>(w * (px + rad)) + 1, w);
    const int minY = max(static_cast<int>(h * (py - rad)), 0), maxY = min(static_cast<int>(h * (py + rad)) + 1, h);
    const float3 rgb = *(float3*)(&cuConstRendererParams.color[3 * index]);
    for (int y = minY; y < maxY; ++y)
        for (int x = minX; x < maxX; ++x) {
            const float dx = (x + .5f) / w - px, dy = (y + .5f) / h - py;
            if (dx * dx + dy * dy > rad * rad) continue;
            float4* pixel = (float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]);
            float4 old = *pixel;  // no ordering, no atomicity: the race the course's starter has
            old.x = .5f * rgb.x + .5f * old.x;
            old.y = .5f * rgb.y + .5f * old.y;
            old.z = .5f * rgb.z + .5f * old.z;
            old.w += .5f;
            *pixel = old;
        }
}

CudaRenderer::CudaRenderer()
    : image(NULL), numCircles(0), position(NULL), velocity(NULL), color(NULL), radius(NULL), cudaDevicePosition(NULL),
      cudaDeviceVelocity(NULL), cudaDeviceColor(NULL), cudaDeviceRadius(NULL), cudaDeviceImageData(NULL) {}

CudaRenderer::~CudaRenderer() {
    delete image;
    delete[] position;
    delete[] velocity;
    delete[] color;
    delete[] radius;
    cudaFree(cudaDevicePosition);
    cudaFree(cudaDeviceColor);
    cudaFree(cudaDeviceRadius);
    cudaFree(cudaDeviceImageData);
}

const Image* CudaRenderer::getImage() {
    cudaMemcpy(image->data, cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height, cudaMemcpyDeviceToHost);
    return image;
}

void CudaRenderer::loadScene(SceneName scene, int seed) {
    sceneName = scene;
    loadCircleScene(sceneName, numCircles, position, velocity, color, radius, seed);
}

void CudaRenderer::setup() {
    cudaMalloc(&cudaDevicePosition, sizeof(float) * 3 * numCircles);
    cudaMalloc(&cudaDeviceColor, sizeof(float) * 3 * numCircles);
    cudaMalloc(&cudaDeviceRadius, sizeof(float) * numCircles);
    cudaMalloc(&cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height);
    cudaMemcpy(cudaDevicePosition, position, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceColor, color, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceRadius, radius, sizeof(float) * numCircles, cudaMemcpyHostToDevice);
    GlobalConstants params{sceneName, numCircles, cudaDevicePosition, cudaDeviceColor, cudaDeviceRadius,
                           image->width, image->height, cudaDeviceImageData};
    cudaMemcpyToSymbol(cuConstRendererParams, &params, sizeof(GlobalConstants));
}

void CudaRenderer::allocOutputImage(int width, int height) {
    delete image;
    image = new Image(width, height);
}

void CudaRenderer::clearImage() {
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelClearImage<<<grid, block>>>(1.f, 1.f, 1.f, 1.f);
    cudaDeviceSynchronize();
}

void CudaRenderer::advanceAnimation() {}

void CudaRenderer::render() {
    kernelRenderCircles<<<(numCircles + 255) / 256, 256>>>();
    cudaDeviceSynchronize();
}
