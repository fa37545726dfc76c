// The twin of fourier_trail_max_plain.cu: atomicMax, which keeps the larger of any two at once.
// scene: fourier/text
// size: 256x256
// expect: none
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
            atomicMax(&trailParams.trail[ny * width + nx], mine);
        }
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(widenTrail, 16, 16));
