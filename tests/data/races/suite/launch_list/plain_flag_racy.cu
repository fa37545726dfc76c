// One block writes a message and then a ready flag with plain stores; another reads the flag and, when set, the
// message. The flag itself races, and nothing orders the message before it.
// suite: class=fence-message twin=plain_flag verdict=race
// scene: histogram/random
// expect: read-write across C D lines 17 16
#include <racelab/histogram.cuh>

__device__ unsigned message;
__device__ unsigned ready;
__device__ unsigned sink[1];

__global__ void signal() {
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        message = 42u;  // [B]
        ready = 1u;     // [D]
    } else if (ready) {  // [C]
        sink[0] = message;  // [A]
    }
}

RACELAB_LAUNCHES(RACELAB_FIXED(signal, 2, 1, 32, 1));
