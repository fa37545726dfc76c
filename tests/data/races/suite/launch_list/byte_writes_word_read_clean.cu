// The twin of byte_writes_word_read_racy.cu: a __syncthreads() before the word is read. (Four threads writing
// the four bytes of one word do not race: no byte is written twice.)
// suite: class=access-size twin=byte_writes_word_read verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ unsigned sink[2048];

__global__ void packBytes() {
    __shared__ __align__(4) unsigned char bytes[256];
    const unsigned t = threadIdx.x;
    bytes[t] = static_cast<unsigned char>(t);
    __syncthreads();
    const unsigned word = reinterpret_cast<const unsigned*>(bytes)[(t / 4 + 1) % 64];
    sink[blockIdx.x * 256 + t] = word;
}

RACELAB_LAUNCHES(RACELAB_FIXED(packBytes, 8, 1, 256, 1));
