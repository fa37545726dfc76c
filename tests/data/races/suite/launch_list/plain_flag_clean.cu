// The twin of plain_flag_racy.cu: the flag set by atomicExch after a __threadfence() and read by an atomic,
// which acquires the message when it sees the flag.
// suite: class=fence-message twin=plain_flag verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned message;
__device__ unsigned ready;
__device__ unsigned sink[1];

__global__ void signal() {
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        message = 42u;
        __threadfence();
        atomicExch(&ready, 1u);
    } else if (atomicAdd(&ready, 0u)) {
        sink[0] = message;
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(signal, 2, 1, 32, 1));
