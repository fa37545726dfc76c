// A course-style whole-file solution whose blocks take turns on each 16x16 tile: the grid's third dimension is
// the chunk of 256 circles, and a block blends its chunk into its tile once the tile's counter says the chunk
// before it is done. Its thread 0 waits for that turn, and the other threads do not wait for thread 0: with no
// barrier after the wait they read the pixel before the block of the chunk before wrote it (the barrier a
// public full-mark solution of 2024 left commented out).
// suite: class=global-blocks twin=tile_turns_no_barrier verdict=race
// scene: circles/rand10k
// size: 256x256
// expect: read-write across A B lines 52 54
// expect: write-write across B B lines 54 54
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
static int* g_turns = NULL;  // a counter a 16x16 tile: the chunks done there (setup makes it, clearImage zeroes it)

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

// A block a 16x16 tile and a chunk of 256 circles (blockIdx.z): it waits for the chunk before, blends its own
// chunk into its pixels, and hands the tile on.
__global__ void kernelRenderTurns(int* turns) {
    const GlobalConstants& c = cuConstRendererParams;
    const int tile = blockIdx.y * gridDim.x + blockIdx.x;
    const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (threadIdx.x == 0 && threadIdx.y == 0)
        while (atomicCAS(&turns[tile], blockIdx.z, blockIdx.z) != (int)blockIdx.z) {
        }
    float4* at = (float4*)(&c.imageData[4 * (y * c.imageWidth + x)]);
    float4 pixel = *at;  // [A]
    for (int i = blockIdx.z * 256; i < (blockIdx.z + 1) * 256 && i < c.numCircles; ++i) shade(i, x, y, pixel);
    *at = pixel;  // [B]
    __syncthreads();  // every pixel of the tile written before the turn is handed on
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        __threadfence();
        atomicAdd(&turns[tile], 1);
    }
}

void CudaRenderer::render() {
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16, (numCircles + 255) / 256);
    kernelRenderTurns<<<grid, block>>>(g_turns);
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
    cudaFree(g_turns);
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
    cudaMalloc(&g_turns, sizeof(int) * ((image->width + 15) / 16) * ((image->height + 15) / 16));
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

void CudaRenderer::clearImage() {
    cudaMemset(cudaDeviceImageData, 0, sizeof(float) * 4 * image->width * image->height);
    cudaMemset(g_turns, 0, sizeof(int) * ((image->width + 15) / 16) * ((image->height + 15) / 16));  // chunk 0's turn
}

void CudaRenderer::advanceAnimation() {}
