// The twin of vector_halves_racy.cu: a __syncthreads() between the stores and the loads.
// suite: class=access-size twin=vector_halves verdict=clean
// scene: histogram/random
// expect: none
#include <racelab/histogram.cuh>

__device__ float sink[512];

__global__ void halves() {
    __shared__ float4 tiles[64];
    const unsigned t = threadIdx.x;
    tiles[t] = make_float4(t, t + 1.f, t + 2.f, t + 3.f);
    __syncthreads();
    const float2 half = reinterpret_cast<const float2*>(tiles)[2 * ((t + 1) % 64)];
    sink[blockIdx.x * 64 + t] = half.x + half.y;
}

RACELAB_LAUNCHES(RACELAB_FIXED(halves, 8, 1, 64, 1));
