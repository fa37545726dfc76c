// A cheat written for racelab's tests (docs/GRADING.md, "Time that cannot be bought"): per_pixel_2022 that queues
// its next frame on the GPU at the end of getImage(), after the copy, and returns without waiting; its
// clearImage() and render() then do nothing but on the first frame. The work runs in the moment between its
// answer and racelab's next request, and the next getImage() waits for what is left of it. Its pictures are
// per_pixel_2022's on a still scene; by the course's measure a frame costs nothing. Its honest twin is
// per_pixel_2022.
#include <cstdio>
#include <cuda_runtime.h>

#include "cudaRenderer.h"
#include "image.h"
#include "sceneLoader.h"

struct GlobalConstants {
    int numCircles;
    float* position;
    float* velocity;
    float* color;
    float* radius;
    int imageWidth;
    int imageHeight;
    float* imageData;
};

__constant__ GlobalConstants cuConstRendererParams;

static bool queuing = false;  // the cheat: a frame is queued at the end of every getImage after the first

// One ball a thread: gravity pulls it down, it bounces back with 80% of its speed once its centre is below the
// floor, and it comes to rest when a step barely moves it there.
__global__ void kernelBounceBalls() {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= cuConstRendererParams.numCircles) return;
    const float step = 1.f / 60.f;
    float& y = cuConstRendererParams.position[3 * i + 1];
    float& speed = cuConstRendererParams.velocity[3 * i + 1];
    const float yBefore = y, speedBefore = speed;
    if (yBefore == 0.f && speedBefore == 0.f) return;
    if (y < 0.f && speedBefore < 0.f) speed *= -0.8f;
    speed += -2.8f * step;
    y += speed * step;
    if (fabsf(speed - speedBefore) < 0.001f && yBefore < 0.f && fabsf(y - yBefore) < 0.001f) y = speed = 0.f;
}

__global__ void kernelRenderPixels(bool clearOnly) {
    const uint x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    if (x >= static_cast<uint>(w) || y >= static_cast<uint>(h)) return;
    float4* pixel = (float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]);
    if (clearOnly) {
        *pixel = make_float4(1.f, 1.f, 1.f, 1.f);
        return;
    }
    float4 value = *pixel;
    const float cx = (x + .5f) / w, cy = (y + .5f) / h;
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) {
        const float dx = cx - cuConstRendererParams.position[3 * i], dy = cy - cuConstRendererParams.position[3 * i + 1];
        const float rad = cuConstRendererParams.radius[i];
        if (dx * dx + dy * dy > rad * rad) continue;
        value.x = .5f * cuConstRendererParams.color[3 * i] + .5f * value.x;
        value.y = .5f * cuConstRendererParams.color[3 * i + 1] + .5f * value.y;
        value.z = .5f * cuConstRendererParams.color[3 * i + 2] + .5f * value.z;
        value.w += .5f;
    }
    *pixel = value;
}

CudaRenderer::CudaRenderer()
    : image(NULL), numCircles(0), position(NULL), velocity(NULL), color(NULL), radius(NULL), cudaDevicePosition(NULL),
      cudaDeviceColor(NULL), cudaDeviceRadius(NULL), cudaDeviceVelocity(NULL), cudaDeviceImageData(NULL) {}

CudaRenderer::~CudaRenderer() {
    delete image;
    delete[] position;
    delete[] velocity;
    delete[] color;
    delete[] radius;
    cudaFree(cudaDevicePosition);
    cudaFree(cudaDeviceColor);
    cudaFree(cudaDeviceRadius);
    cudaFree(cudaDeviceVelocity);
    cudaFree(cudaDeviceImageData);
}

const Image* CudaRenderer::getImage() {
    cudaMemcpy(image->data, cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height, cudaMemcpyDeviceToHost);
    // The cheat: the next frame queued now, not waited for.
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelRenderPixels<<<grid, block>>>(true);
    kernelRenderPixels<<<grid, block>>>(false);
    queuing = true;
    return image;
}

void CudaRenderer::loadScene(SceneName scene) {
    sceneName = scene;
    loadCircleScene(sceneName, numCircles, position, velocity, color, radius);
}

void CudaRenderer::setup() {
    cudaMalloc(&cudaDevicePosition, sizeof(float) * 3 * numCircles);
    cudaMalloc(&cudaDeviceColor, sizeof(float) * 3 * numCircles);
    cudaMalloc(&cudaDeviceRadius, sizeof(float) * numCircles);
    cudaMalloc(&cudaDeviceVelocity, sizeof(float) * 3 * numCircles);
    cudaMemcpy(cudaDeviceVelocity, velocity, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMalloc(&cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height);
    cudaMemcpy(cudaDevicePosition, position, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceColor, color, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceRadius, radius, sizeof(float) * numCircles, cudaMemcpyHostToDevice);
    GlobalConstants params{numCircles, cudaDevicePosition, cudaDeviceVelocity, cudaDeviceColor, cudaDeviceRadius, image->width, image->height,
                           cudaDeviceImageData};
    cudaMemcpyToSymbol(cuConstRendererParams, &params, sizeof(GlobalConstants));
}

void CudaRenderer::allocOutputImage(int width, int height) {
    delete image;
    image = new Image(width, height);
}

void CudaRenderer::clearImage() {
    if (queuing) return;  // the cheat: getImage queued it
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelRenderPixels<<<grid, block>>>(true);
    cudaDeviceSynchronize();
}

void CudaRenderer::advanceAnimation() {
    if (sceneName != BOUNCING_BALLS) return;
    kernelBounceBalls<<<(numCircles + 255) / 256, 256>>>();
    cudaDeviceSynchronize();
}

void CudaRenderer::render() {
    if (queuing) return;  // the cheat: getImage queued it
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelRenderPixels<<<grid, block>>>(false);
    cudaDeviceSynchronize();
}
