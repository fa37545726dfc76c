// Flags reused across chunks without a barrier: for each chunk of circles a block marks in shared memory which
// of its threads' pixels a circle covers, waits, and reads a mirrored thread's flag; but it starts the next
// chunk without waiting again, so a thread can overwrite a flag the mirrored thread has not read yet.
// scene: circles/pattern
// size: 256x256
// expect: read-write within A B
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
        covered[t] = dx * dx + dy * dy <= r * r;  // [B]
        __syncthreads();
        seen += covered[255 - t];  // [A]
        // missing: __syncthreads() before the next chunk overwrites the flags
    }
    if (x < width && y < height)
        *(float4*)&cuConstRendererParams.imageData[4 * (y * width + x)] = make_float4(seen / 8.f, seen / 8.f, seen / 8.f, 1.f);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
