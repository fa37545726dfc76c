// Two steps in one launch: each block writes its cells and then reads another block's, which only a launch
// boundary (or message passing) would order.
// suite: class=launch-boundary twin=one_launch_for_two_steps verdict=race
// scene: histogram/random
// expect: read-write across A B lines 14 13
#include <racelab/histogram.cuh>

__device__ unsigned cells[2048];
__device__ unsigned sink[2048];

__global__ void bothSteps() {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    cells[i] = i + 3u;                            // [B]
    sink[i] = cells[(i + 1024) % 2048] + 1u;  // [A]
}

RACELAB_LAUNCHES(RACELAB_FIXED(bothSteps, 8, 1, 256, 1));
