// The twin of circles_flags_reused.cu: a barrier at the end of each chunk too.
// scene: circles/pattern
// size: 256x256
// expect: none
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    __shared__ int covered[256];
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    const int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    const int t = threadIdx.y * blockDim.x + threadIdx.x;
    const float2 center = make_float2((x + .5f) / width, (y + .5f) / height);
    int seen = 0;
    for (int chunk = 0; chunk < 8 && chunk < cuConstRendererParams.numCircles; ++chunk) {
        const float3 p = *(float3*)&cuConstRendererParams.position[3 * chunk];
        const float r = cuConstRendererParams.radius[chunk];
        const float dx = p.x - center.x, dy = p.y - center.y;
        covered[t] = dx * dx + dy * dy <= r * r;
        __syncthreads();
        seen += covered[255 - t];
        __syncthreads();
    }
    if (x < width && y < height)
        *(float4*)&cuConstRendererParams.imageData[4 * (y * width + x)] = make_float4(seen / 8.f, seen / 8.f, seen / 8.f, 1.f);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
