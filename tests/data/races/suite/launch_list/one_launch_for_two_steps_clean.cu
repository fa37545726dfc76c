// The twin of one_launch_for_two_steps_racy.cu: the two steps as two launches of the launch list.
// suite: class=launch-boundary twin=one_launch_for_two_steps verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void firstStep() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i + 3u;
}

__global__ void secondStep() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    sink[i] = cells[(i + 1024) % 2048] + 1u;
}

RACELAB_LAUNCHES(RACELAB_FIXED(firstStep, 8, 1, 256, 1), RACELAB_FIXED(secondStep, 8, 1, 256, 1));
