// The twin of planes_shared_weights_read_only.cu, broken: the first thread of each block writes the first
// weight again while the other threads, of its block and of every other, read it.
// scene: planes/default
// size: 256x256
// expect: read-write across A B
#include <racelab/planes.cuh>

__device__ float planeWeights[4] = {1.f, .5f, .25f, .125f};

__global__ void weighPlanes() {
    const long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const long long pixels = static_cast<long long>(planeParams.width) * planeParams.height;
    if (threadIdx.x == 0) planeWeights[0] = 1.f / (1 + blockIdx.x % 2);  // [B]
    if (i >= pixels) return;
    const int x = static_cast<int>(i % planeParams.width), y = static_cast<int>(i / planeParams.width);
    float4 sum = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int k = 0; k < planeParams.planeCount && k < 4; ++k) {
        const uchar4 p = planePixel(k, x, y);
        const float w = planeWeights[k] / 255.f;  // [A]
        sum.x += w * p.x, sum.y += w * p.y, sum.z += w * p.z, sum.w += w * p.w;
    }
    planeParams.result[i] = sum;
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(weighPlanes, RACELAB_PIXELS, 256));
