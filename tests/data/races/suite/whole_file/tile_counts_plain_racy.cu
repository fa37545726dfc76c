// A course-style whole-file solution that counts the circles of each tile with a plain increment from one
// thread a circle: threads of different blocks read and write one counter, and counts are lost.
// suite: class=atomic-plain twin=tile_counts_plain verdict=race
// scene: circles/rand10k
// size: 256x256
// expect: read-write across A B lines 55 56
// expect: write-write across B B lines 56 56
#include <cuda_runtime.h>

#include "cudaRenderer.h"
#include "image.h"
#include "sceneLoader.h"

struct GlobalConstants {
    int numCircles;
    float* position;
    float* color;
    float* radius;
    int imageWidth;
    int imageHeight;
    float* imageData;
};

__constant__ GlobalConstants cuConstRendererParams;
static int* g_counts = NULL;  // a counter a 16x16 tile, where the solution counts (setup makes it)

__device__ bool circleReachesTile(int circle, int tileX, int tileY) {
    const GlobalConstants& c = cuConstRendererParams;
    const float px = c.position[3 * circle], py = c.position[3 * circle + 1], rad = c.radius[circle];
    const float left = tileX * 16.f / c.imageWidth, right = (tileX + 1) * 16.f / c.imageWidth;
    const float bottom = tileY * 16.f / c.imageHeight, top = (tileY + 1) * 16.f / c.imageHeight;
    return px + rad >= left && px - rad <= right && py + rad >= bottom && py - rad <= top;
}

__device__ void shade(int circle, int x, int y, float4& pixel) {
    const GlobalConstants& c = cuConstRendererParams;
    const float px = c.position[3 * circle], py = c.position[3 * circle + 1], rad = c.radius[circle];
    const float dx = (x + .5f) / c.imageWidth - px, dy = (y + .5f) / c.imageHeight - py;
    if (dx * dx + dy * dy > rad * rad) return;
    const float alpha = .5f;
    pixel.x = alpha * c.color[3 * circle] + (1 - alpha) * pixel.x;
    pixel.y = alpha * c.color[3 * circle + 1] + (1 - alpha) * pixel.y;
    pixel.z = alpha * c.color[3 * circle + 2] + (1 - alpha) * pixel.z;
    pixel.w += alpha;
}

// How many circles reach each tile, counted by one thread a circle into a counter a tile: a plain read-modify-write.
__global__ void kernelCountPerTile(int* counts, int tilesX, int tilesY) {
    const GlobalConstants& c = cuConstRendererParams;
    const int circle = blockIdx.x * blockDim.x + threadIdx.x;
    if (circle >= c.numCircles) return;
    for (int ty = 0; ty < tilesY; ++ty)
        for (int tx = 0; tx < tilesX; ++tx)
            if (circleReachesTile(circle, tx, ty)) {
                const int seen = counts[ty * tilesX + tx];  // [A]
                counts[ty * tilesX + tx] = seen + 1;  // [B]
            }
}

// Then a thread a pixel shades every circle of its tile's count in order (the count only says whether any do).
__global__ void kernelShade(const int* counts, int tilesX) {
    const GlobalConstants& c = cuConstRendererParams;
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= c.imageWidth || y >= c.imageHeight) return;
    float4 pixel = make_float4(1.f, 1.f, 1.f, 1.f);
    if (counts[blockIdx.y * tilesX + blockIdx.x] > 0)
        for (int i = 0; i < c.numCircles; ++i) shade(i, x, y, pixel);
    *(float4*)(&c.imageData[4 * (y * c.imageWidth + x)]) = pixel;
}

void CudaRenderer::render() {
    const int tilesX = (image->width + 15) / 16, tilesY = (image->height + 15) / 16;
    cudaMemset(g_counts, 0, sizeof(int) * tilesX * tilesY);
    kernelCountPerTile<<<(numCircles + 255) / 256, 256>>>(g_counts, tilesX, tilesY);
    dim3 block(16, 16), grid(tilesX, tilesY);
    kernelShade<<<grid, block>>>(g_counts, tilesX);
    cudaDeviceSynchronize();
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
    cudaFree(g_counts);
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
    cudaMalloc(&g_counts, sizeof(int) * ((image->width + 15) / 16) * ((image->height + 15) / 16));
    cudaMemcpy(cudaDevicePosition, position, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceColor, color, sizeof(float) * 3 * numCircles, cudaMemcpyHostToDevice);
    cudaMemcpy(cudaDeviceRadius, radius, sizeof(float) * numCircles, cudaMemcpyHostToDevice);
    GlobalConstants params{numCircles, cudaDevicePosition, cudaDeviceColor, cudaDeviceRadius, image->width, image->height,
                           cudaDeviceImageData};
    cudaMemcpyToSymbol(cuConstRendererParams, &params, sizeof(GlobalConstants));
}

void CudaRenderer::allocOutputImage(int width, int height) {
    delete image;
    image = new Image(width, height);
}

void CudaRenderer::clearImage() { cudaMemset(cudaDeviceImageData, 0, sizeof(float) * 4 * image->width * image->height); }

void CudaRenderer::advanceAnimation() {}
