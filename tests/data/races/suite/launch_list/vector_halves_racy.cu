// Each thread stores a float4 and loads a float2, the first half of the next thread's float4, without a barrier.
// suite: class=access-size twin=vector_halves verdict=race
// scene: histogram/random
// expect: read-write within A B lines 13 12
#include <racelab/histogram.cuh>

__device__ float sink[512];

__global__ void halves() {
    __shared__ float4 tiles[64];
    const unsigned t = threadIdx.x;
    tiles[t] = make_float4(t, t + 1.f, t + 2.f, t + 3.f);  // [B]
    const float2 half = reinterpret_cast<const float2*>(tiles)[2 * ((t + 1) % 64)];  // [A]
    sink[blockIdx.x * 64 + t] = half.x + half.y;
}

RACELAB_LAUNCHES(RACELAB_FIXED(halves, 8, 1, 64, 1));
