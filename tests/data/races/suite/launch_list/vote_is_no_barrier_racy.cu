// A warp vote (__any_sync) used where a block-wide vote was meant: it synchronizes one warp, not the block, so
// another warp's flag may be read before it is written.
// suite: class=shared-barrier twin=vote_is_no_barrier verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void anyMarked() {
    __shared__ unsigned marked[256];
    const unsigned t = threadIdx.x;
    marked[t] = (t * 37u + blockIdx.x) % 11u == 0u;  // [B]
    const int any = __any_sync(0xffffffffu, marked[t]);
    const unsigned other = marked[(t + 64) % 256];  // [A]
    sink[blockIdx.x * 256 + t] = other + any;
}

RACELAB_LAUNCHES(RACELAB_FIXED(anyMarked, 8, 1, 256, 1));
