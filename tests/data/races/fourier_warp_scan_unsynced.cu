// A warp-synchronous scan without __syncwarp(): each lane adds the value d lanes down, in shared memory,
// trusting the warp to run in lock step. Since Volta the lanes of a warp are scheduled independently: a lane
// can read its neighbour's slot before or after the neighbour has added to it.
// scene: fourier/text
// size: 256x256
// expect: read-write within A A
#include <racelab/fourier.cuh>

__global__ void scanRows() {
    __shared__ unsigned stage[256];
    volatile unsigned* sums = stage;  // read and written each step, not kept in a register
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int t = threadIdx.y * blockDim.x + threadIdx.x, lane = t % 32;
    const bool inside = x < trailParams.width && y < trailParams.height;
    sums[t] = inside ? trailParams.trail[y * trailParams.width + x] : 0u;  // [C]
    for (int d = 1; d < 32; d *= 2)
        if (lane >= d) sums[t] += sums[t - d];  // [A]
    if (inside) trailParams.trail[y * trailParams.width + x] = min(sums[t], 255u);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(scanRows, 16, 16));
