// The twin of fourier_warp_scan_unsynced.cu: each step reads, waits for the warp (__syncwarp), then writes,
// and waits again before the next step reads.
// scene: fourier/text
// size: 256x256
// expect: none
#include <racelab/fourier.cuh>

__global__ void scanRows() {
    __shared__ unsigned stage[256];
    volatile unsigned* sums = stage;  // read and written each step, not kept in a register
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int t = threadIdx.y * blockDim.x + threadIdx.x, lane = t % 32;
    const bool inside = x < trailParams.width && y < trailParams.height;
    sums[t] = inside ? trailParams.trail[y * trailParams.width + x] : 0u;
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        const unsigned below = lane >= d ? sums[t - d] : 0u;
        __syncwarp();
        sums[t] += below;
        __syncwarp();
    }
    if (inside) trailParams.trail[y * trailParams.width + x] = min(sums[t], 255u);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(scanRows, 16, 16));
