// A course-style whole-file solution written for racelab's tests, the shape of many full-mark solutions: host
// code drives it. The circles go in chunks of 1024 (a host loop over passes); for each chunk a kernel flags
// which circles reach which 16x16 tile, thrust scans the flags into per-tile lists (in circle order, the
// tiles one after the other), the host reads the total back and grows the list buffer with cudaMalloc to fit,
// and a block per tile blends its list into its pixels in order. Correct and deterministic. Static scenes
// only (advanceAnimation does nothing).
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <thrust/device_ptr.h>
#include <thrust/scan.h>

#include "cudaRenderer.h"
#include "image.h"
#include "sceneLoader.h"

#include "circleBoxTest.cu_inl"

#define TILE 16
#define CHUNK 1024

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

__device__ int* flags = NULL;    // tiles x CHUNK: does circle (chunk start + i) reach tile t?
__device__ int* offsets = NULL;  // their exclusive scan
__device__ int* lists = NULL;    // the circles of every tile, tile after tile
static size_t listCapacity = 0;

static int* devicePointer(int* const& symbol) {
    int* value = NULL;
    cudaMemcpyFromSymbol(&value, symbol, sizeof(int*));
    return value;
}

__global__ void kernelClear() {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    if (x < w && y < h) *(float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]) = make_float4(1.f, 1.f, 1.f, 1.f);
}

__global__ void kernelFlag(int first, int count, int tilesX, int tiles) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int tile = blockIdx.y;
    if (i >= CHUNK || tile >= tiles) return;
    int flag = 0;
    if (i < count) {
        const int c = first + i;
        const float w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
        const float left = (tile % tilesX) * TILE / w, right = ((tile % tilesX) + 1) * TILE / w;
        const float bottom = (tile / tilesX) * TILE / h, top = ((tile / tilesX) + 1) * TILE / h;
        const float px = cuConstRendererParams.position[3 * c], py = cuConstRendererParams.position[3 * c + 1];
        const float r = cuConstRendererParams.radius[c];
        flag = circleInBoxConservative(px, py, r, left, right, top, bottom) && circleInBox(px, py, r, left, right, top, bottom);
    }
    flags[tile * CHUNK + i] = flag;
}

__global__ void kernelScatter(int first, int tiles) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x, tile = blockIdx.y;
    if (i < CHUNK && tile < tiles && flags[tile * CHUNK + i]) lists[offsets[tile * CHUNK + i]] = first + i;
}

__global__ void kernelBlendTiles(int tilesX, int total) {
    const int tile = blockIdx.x;
    const int x = (tile % tilesX) * TILE + threadIdx.x, y = (tile / tilesX) * TILE + threadIdx.y;
    const int w = cuConstRendererParams.imageWidth, h = cuConstRendererParams.imageHeight;
    const int tiles = gridDim.x;
    const int begin = offsets[tile * CHUNK];
    const int end = tile + 1 < tiles ? offsets[(tile + 1) * CHUNK] : total;
    if (x >= w || y >= h) return;
    float4* pixel = (float4*)(&cuConstRendererParams.imageData[4 * (y * w + x)]);
    float4 value = *pixel;
    const float cx = (x + .5f) / w, cy = (y + .5f) / h;
    for (int k = begin; k < end; ++k) {
        const int c = lists[k];
        const float dx = cx - cuConstRendererParams.position[3 * c], dy = cy - cuConstRendererParams.position[3 * c + 1];
        const float r = cuConstRendererParams.radius[c];
        if (dx * dx + dy * dy > r * r) continue;
        value.x = .5f * cuConstRendererParams.color[3 * c] + .5f * value.x;
        value.y = .5f * cuConstRendererParams.color[3 * c + 1] + .5f * value.y;
        value.z = .5f * cuConstRendererParams.color[3 * c + 2] + .5f * value.z;
        value.w += .5f;
    }
    *pixel = value;
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
    cudaFree(devicePointer(flags));
    cudaFree(devicePointer(offsets));
    cudaFree(devicePointer(lists));
    int* none = NULL;  // the buffers live in file-scope variables: the next renderer starts from nothing
    cudaMemcpyToSymbol(lists, &none, sizeof(int*));
    listCapacity = 0;
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
    GlobalConstants params{numCircles, cudaDevicePosition, cudaDeviceColor, cudaDeviceRadius, image->width, image->height,
                           cudaDeviceImageData};
    cudaMemcpyToSymbol(cuConstRendererParams, &params, sizeof(GlobalConstants));
    const int tiles = ((image->width + TILE - 1) / TILE) * ((image->height + TILE - 1) / TILE);
    int* flagsDevice = NULL;
    int* offsetsDevice = NULL;
    cudaMalloc(&flagsDevice, sizeof(int) * tiles * CHUNK);
    cudaMalloc(&offsetsDevice, sizeof(int) * tiles * CHUNK);
    cudaMemcpyToSymbol(flags, &flagsDevice, sizeof(int*));
    cudaMemcpyToSymbol(offsets, &offsetsDevice, sizeof(int*));
}

void CudaRenderer::allocOutputImage(int width, int height) {
    delete image;
    image = new Image(width, height);
}

void CudaRenderer::clearImage() {
    dim3 block(16, 16), grid((image->width + 15) / 16, (image->height + 15) / 16);
    kernelClear<<<grid, block>>>();
    cudaDeviceSynchronize();
}

void CudaRenderer::advanceAnimation() {}

void CudaRenderer::render() {
    const int tilesX = (image->width + TILE - 1) / TILE, tilesY = (image->height + TILE - 1) / TILE;
    const int tiles = tilesX * tilesY;
    int* flagsDevice = devicePointer(flags);
    int* offsetsDevice = devicePointer(offsets);
    for (int first = 0; first < numCircles; first += CHUNK) {
        const int count = std::min(CHUNK, numCircles - first);
        kernelFlag<<<dim3(CHUNK / 256, tiles), 256>>>(first, count, tilesX, tiles);
        thrust::exclusive_scan(thrust::device_ptr<int>(flagsDevice), thrust::device_ptr<int>(flagsDevice) + tiles * CHUNK,
                               thrust::device_ptr<int>(offsetsDevice));
        int lastOffset = 0, lastFlag = 0;
        cudaMemcpy(&lastOffset, offsetsDevice + tiles * CHUNK - 1, sizeof(int), cudaMemcpyDeviceToHost);
        cudaMemcpy(&lastFlag, flagsDevice + tiles * CHUNK - 1, sizeof(int), cudaMemcpyDeviceToHost);
        const size_t total = static_cast<size_t>(lastOffset) + lastFlag;
        if (total > listCapacity) {  // sized from the count read back
            int* grown = NULL;
            cudaMalloc(&grown, sizeof(int) * total);
            cudaFree(devicePointer(lists));
            cudaMemcpyToSymbol(lists, &grown, sizeof(int*));
            listCapacity = total;
        }
        kernelScatter<<<dim3(CHUNK / 256, tiles), 256>>>(first, tiles);
        kernelBlendTiles<<<tiles, dim3(TILE, TILE)>>>(tilesX, static_cast<int>(total));
    }
    cudaDeviceSynchronize();
}
