// The race-free twin of tile_flags_no_barrier_racy: a barrier between the flags' writes and their reads.
// suite: class=shared-barrier twin=tile_flags_no_barrier verdict=clean
// scene: circles/rand10k
// size: 256x256
// expect: none
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

// A block a 16x16 tile; 256 circles at a time, each thread flags whether its circle reaches the tile, and then
// every thread shades its pixel with the flagged circles in order.
__global__ void kernelRenderTiles() {
    __shared__ int reaches[256];
    const GlobalConstants& c = cuConstRendererParams;
    const int t = threadIdx.y * 16 + threadIdx.x;
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    float4 pixel = make_float4(1.f, 1.f, 1.f, 1.f);
    for (int base = 0; base < c.numCircles; base += 256) {
        reaches[t] = base + t < c.numCircles && circleReachesTile(base + t, blockIdx.x, blockIdx.y);
        __syncthreads();  // every flag written before any is read
        for (int i = 0; i < 256 && base + i < c.numCircles; ++i)
            if (reaches[i]) shade(base + i, x, y, pixel);
        __syncthreads();  // the flags are read before the next 256 overwrite them
    }
    if (x < c.imageWidth && y < c.imageHeight) *(float4*)(&c.imageData[4 * (y * c.imageWidth + x)]) = pixel;
}

void CudaRenderer::render() {
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelRenderTiles<<<grid, block>>>();
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
