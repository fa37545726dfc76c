// Every thread stores a value in shared memory and the first thread sums them all, without a barrier.
// suite: class=shared-barrier twin=first_thread_sums verdict=race
// scene: histogram/random
// expect: read-write within A B lines 15 12
#include <racelab/histogram.cuh>

__device__ unsigned sink[8];

__global__ void sumValues() {
    __shared__ unsigned values[256];
    const unsigned t = threadIdx.x;
    values[t] = t * t;  // [B]
    if (t == 0) {
        unsigned sum = 0;
        for (int k = 0; k < 256; ++k) sum += values[k];  // [A]
        sink[blockIdx.x] = sum;
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(sumValues, 8, 1, 256, 1));
