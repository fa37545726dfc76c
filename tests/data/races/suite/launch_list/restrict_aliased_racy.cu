// A kernel whose const __restrict__ input and output are one buffer: each thread writes its element while its
// neighbour reads it as input.
// suite: class=read-only twin=restrict_aliased verdict=race
// scene: histogram/random
// expect: read-write within A B lines 13 14
// expect: read-write across A B lines 13 14
#include <racelab/histogram.cuh>

__device__ unsigned* values;

__global__ void shiftLeft(const unsigned* __restrict__ in, unsigned* __restrict__ out) {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    const unsigned next = in[(i + 1) % 2048];  // [A]
    out[i] = next + 1u;                        // [B]
}

RACELAB_SCRATCH(RACELAB_BUFFER(values, RACELAB_FIXED_COUNT, 2048));
RACELAB_LAUNCHES(RACELAB_FIXED(shiftLeft, 8, 1, 256, 1, RACELAB_ARGS(RACELAB_ARG_BUFFER(values), RACELAB_ARG_BUFFER(values))));
