// A course-style whole-file solution written for racelab's tests, with a header of its own that adds members
// and a setup() that fills tables of its own: the circles' pixel boxes (computed on the host), the course's
// noise tables and colour ramp (copied to __constant__ memory, as the starter does), and the scan helper: a
// block per 16x16 tile tests 256 circles at a time against its tile, compacts the ones that reach it with
// sharedMemExclusiveScan, and each thread blends them into its pixel in order (snow scenes shaded with the
// ramp). Correct and deterministic. Static scenes only (advanceAnimation does nothing).
#include <cstdio>
#include <cuda_runtime.h>

#include "cudaRenderer.h"
#include "image.h"
#include "noise.h"
#include "sceneLoader.h"
#include "util.h"

#define SCAN_BLOCK_DIM 256
#include "exclusiveScan.cu_inl"

struct GlobalConstants {
    SceneName sceneName;
    int numCircles;
    float* position;
    float* color;
    float* radius;
    int* boxes;
    int imageWidth;
    int imageHeight;
    float* imageData;
};

__constant__ GlobalConstants cuConstRendererParams;
__constant__ int cuConstNoiseYPermutationTable[256];
__constant__ int cuConstNoiseXPermutationTable[256];
__constant__ float cuConstNoise1DValueTable[256];
#define COLOR_MAP_SIZE 5
__constant__ float cuConstColorRamp[COLOR_MAP_SIZE][3];

#include "lookupColor.cu_inl"
#include "noiseCuda.cu_inl"

__global__ void kernelClear(bool snow) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    if (x >= w || y >= h) return;
    const float shade = .4f + .45f * static_cast<float>(h - y) / h;
    *(float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]) =
        snow ? make_float4(shade, shade, shade, 1.f) : make_float4(1.f, 1.f, 1.f, 1.f);
}

__global__ void kernelRenderTiles() {
    __shared__ uint reaches[SCAN_BLOCK_DIM];
    __shared__ uint slots[SCAN_BLOCK_DIM];
    __shared__ uint scratch[2 * SCAN_BLOCK_DIM];
    __shared__ int list[SCAN_BLOCK_DIM];
    const int t = threadIdx.y * blockDim.x + threadIdx.x;
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    const int x0 = blockIdx.x * 16, y0 = blockIdx.y * 16;
    const int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    const bool snow = cuConstRendererParams.sceneName == SNOWFLAKES || cuConstRendererParams.sceneName == SNOWFLAKES_SINGLE_FRAME;
    float4 value = make_float4(0.f, 0.f, 0.f, 0.f);
    if (x < w && y < h) value = *(float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]);
    const float cx = (x + .5f) / w, cy = (y + .5f) / h;
    for (int first = 0; first < cuConstRendererParams.numCircles; first += SCAN_BLOCK_DIM) {
        const int c = first + t;
        uint flag = 0;
        if (c < cuConstRendererParams.numCircles) {
            const int* box = &cuConstRendererParams.boxes[4 * c];
            flag = box[0] < x0 + 16 && box[1] > x0 && box[2] < y0 + 16 && box[3] > y0;
        }
        reaches[t] = flag;
        __syncthreads();
        sharedMemExclusiveScan(t, reaches, slots, scratch, SCAN_BLOCK_DIM);
        if (flag) list[slots[t]] = c;
        const int count = slots[SCAN_BLOCK_DIM - 1] + reaches[SCAN_BLOCK_DIM - 1];
        __syncthreads();
        for (int k = 0; k < count; ++k) {
            const int i = list[k];
            const float px = cuConstRendererParams.position[3 * i], py = cuConstRendererParams.position[3 * i + 1];
            const float r = cuConstRendererParams.radius[i];
            const float dx = cx - px, dy = cy - py, d2 = dx * dx + dy * dy;
            if (d2 > r * r) continue;
            float3 rgb;
            float alpha;
            if (snow) {
                const float norm = sqrtf(d2) / r;
                rgb = lookupColor(norm);
                alpha = .5f * fminf(fmaxf(.6f + .4f * (1.f - cuConstRendererParams.position[3 * i + 2]), 0.f), 1.f) * expf(-4.f * norm * norm);
            } else {
                rgb = *(float3*)(&cuConstRendererParams.color[3 * i]);
                alpha = .5f;
            }
            value.x = alpha * rgb.x + (1.f - alpha) * value.x;
            value.y = alpha * rgb.y + (1.f - alpha) * value.y;
            value.z = alpha * rgb.z + (1.f - alpha) * value.z;
            value.w += alpha;
        }
        __syncthreads();
    }
    if (x < w && y < h) *(float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]) = value;
}

CudaRenderer::CudaRenderer()
    : image(NULL), numCircles(0), position(NULL), velocity(NULL), color(NULL), radius(NULL), cudaDevicePosition(NULL),
      cudaDeviceColor(NULL), cudaDeviceRadius(NULL), cudaDeviceImageData(NULL), circleBoxes(NULL), cudaDeviceBoxes(NULL),
      tablesReady(false) {}

CudaRenderer::~CudaRenderer() {
    delete image;
    delete[] position;
    delete[] velocity;
    delete[] color;
    delete[] radius;
    delete[] circleBoxes;
    cudaFree(cudaDevicePosition);
    cudaFree(cudaDeviceColor);
    cudaFree(cudaDeviceRadius);
    cudaFree(cudaDeviceImageData);
    cudaFree(cudaDeviceBoxes);
}

const Image* CudaRenderer::getImage() {
    cudaMemcpy(image->data, cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height, cudaMemcpyDeviceToHost);
    return image;
}

void CudaRenderer::loadScene(SceneName scene, int seed) {
    sceneName = scene;
    loadCircleScene(sceneName, numCircles, position, velocity, color, radius, seed);
}

// The pixels each circle can cover, as the course bounds them: [w * (x - r), w * (x + r) + 1), clamped.
void CudaRenderer::fillBoxes() {
    delete[] circleBoxes;
    circleBoxes = new int[4 * numCircles];
    for (int i = 0; i < numCircles; ++i) {
        const float x = position[3 * i], y = position[3 * i + 1], r = radius[i];
        circleBoxes[4 * i] = CLAMP(static_cast<int>(image->width * (x - r)), 0, image->width);
        circleBoxes[4 * i + 1] = CLAMP(static_cast<int>(image->width * (x + r)) + 1, 0, image->width);
        circleBoxes[4 * i + 2] = CLAMP(static_cast<int>(image->height * (y - r)), 0, image->height);
        circleBoxes[4 * i + 3] = CLAMP(static_cast<int>(image->height * (y + r)) + 1, 0, image->height);
    }
}

void CudaRenderer::setup() {
    fillBoxes();
    cudaMalloc(&cudaDevicePosition, sizeof(float) * 3 * numCircles);
    cudaMalloc(&cudaDeviceColor, sizeof(float) * 3 * numCircles);
    cudaMalloc(&cudaDeviceRadius, sizeof(float) * numCircles);
    cudaMalloc(&cudaDeviceBoxes, sizeof(int) * 4 * numCircles);
    cudaMalloc(&cudaDeviceImageData, sizeof(float) * 4 * image->width * image->height);
    cudaMemcpy(cudaDevicePosition, position, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceColor, color, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceRadius, radius, sizeof(float) * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceBoxes, circleBoxes, sizeof(int) * 4 * numCircles, cudaMemcpyHostToDevice);
    GlobalConstants params{sceneName, numCircles, cudaDevicePosition, cudaDeviceColor, cudaDeviceRadius, cudaDeviceBoxes,
                           image->width, image->height, cudaDeviceImageData};
    cudaMemcpyToSymbol(cuConstRendererParams, &params, sizeof(GlobalConstants));
    int* permX = NULL;
    int* permY = NULL;
    float* values = NULL;
    getNoiseTables(&permX, &permY, &values);
    cudaMemcpyToSymbol(cuConstNoiseXPermutationTable, permX, sizeof(int) * 256);
    cudaMemcpyToSymbol(cuConstNoiseYPermutationTable, permY, sizeof(int) * 256);
    cudaMemcpyToSymbol(cuConstNoise1DValueTable, values, sizeof(float) * 256);
    const float ramp[COLOR_MAP_SIZE][3] = {{1.f, 1.f, 1.f}, {1.f, 1.f, 1.f}, {.8f, .9f, 1.f}, {.8f, .9f, 1.f}, {.8f, .8f, 1.f}};
    cudaMemcpyToSymbol(cuConstColorRamp, ramp, sizeof(ramp));
    tablesReady = true;
}

void CudaRenderer::allocOutputImage(int width, int height) {
    delete image;
    image = new Image(width, height);
}

void CudaRenderer::clearImage() {
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelClear<<<grid, block>>>(sceneName == SNOWFLAKES || sceneName == SNOWFLAKES_SINGLE_FRAME);
    cudaDeviceSynchronize();
}

void CudaRenderer::advanceAnimation() {}

void CudaRenderer::render() {
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelRenderTiles<<<grid, block>>>();
    cudaDeviceSynchronize();
}
