// A lost update by compare and write: each pixel's thread raises its 3x3 neighbourhood to at least its own
// coverage by reading a neighbour's value and writing it back larger. Neighbours overlap: two threads read
// one pixel, and the larger of their two writes can be the one lost.
// scene: fourier/text
// size: 256x256
// expect: read-write across A B
// expect: write-write across B B
#include <racelab/fourier.cuh>

__global__ void widenTrail() {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int width = trailParams.width, height = trailParams.height;
    if (x >= width || y >= height) return;
    const unsigned mine = (x * 7 + y * 13) % 256;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const int nx = x + dx, ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
            unsigned* pixel = &trailParams.trail[ny * width + nx];
            const unsigned old = *pixel;      // [A]
            if (mine > old) *pixel = mine;    // [B]
        }
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(widenTrail, 16, 16));
