// The twin of restrict_aliased_racy.cu: the input is a buffer of its own, filled by an earlier launch.
// suite: class=read-only twin=restrict_aliased verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned* values;
__device__ unsigned* source;

__global__ void fill(unsigned* out) { out[blockIdx.x * 256 + threadIdx.x] = threadIdx.x; }

__global__ void shiftLeft(const unsigned* __restrict__ in, unsigned* __restrict__ out) {
    const unsigned i = blockIdx.x * 256 + threadIdx.x;
    const unsigned next = in[(i + 1) % 2048];
    out[i] = next + 1u;
}

RACELAB_SCRATCH(RACELAB_BUFFER(values, RACELAB_FIXED_COUNT, 2048), RACELAB_BUFFER(source, RACELAB_FIXED_COUNT, 2048));
RACELAB_LAUNCHES(RACELAB_FIXED(fill, 8, 1, 256, 1, RACELAB_ARGS(RACELAB_ARG_BUFFER(source))),
                 RACELAB_FIXED(shiftLeft, 8, 1, 256, 1, RACELAB_ARGS(RACELAB_ARG_BUFFER(source), RACELAB_ARG_BUFFER(values))));
