// Threads write single bytes of a shared array and read a whole 4-byte word that other threads' bytes make up,
// without a barrier.
// suite: class=access-size twin=byte_writes_word_read verdict=race
// scene: histogram/random
// expect: read-write within A B lines 14 13
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void packBytes() {
    __shared__ __align__(4) unsigned char bytes[256];
    const unsigned t = threadIdx.x;
    bytes[t] = static_cast<unsigned char>(t);  // [B]
    const unsigned word = reinterpret_cast<const unsigned*>(bytes)[(t / 4 + 1) % 64];  // [A]
    sink[blockIdx.x * 256 + t] = word;
}

RACELAB_LAUNCHES(RACELAB_FIXED(packBytes, 8, 1, 256, 1));
