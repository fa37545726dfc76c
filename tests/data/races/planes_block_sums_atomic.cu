// The twin of planes_block_sums_plain.cu: each block adds its sum with atomicAdd.
// scene: planes/default
// size: 256x256
// expect: none
#include <racelab/planes.cuh>

__device__ float alphaTotal;

__global__ void sumAlpha() {
    __shared__ float partial[256];
    const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const long long pixels = static_cast<long long>(planeParams.width) * planeParams.height;
    float alpha = 0.f;
    if (i < pixels) {
        const uchar4 p = planePixel(0, static_cast<int>(i % planeParams.width), static_cast<int>(i / planeParams.width));
        alpha = p.w / 255.f;
        planeParams.result[i] = make_float4(p.x / 255.f, p.y / 255.f, p.z / 255.f, alpha);
    }
    partial[threadIdx.x] = alpha;
    __syncthreads();
    for (int half = 128; half > 0; half /= 2) {
        if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(&alphaTotal, partial[0]);
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(sumAlpha, RACELAB_PIXELS, 256));
