// A shared-memory race without __syncthreads: each thread writes its slot of a block's shared array and reads
// the slot 32 on, another warp's, with nothing in between to wait for that warp. What it reads only goes into
// alpha, which the course's rule ignores, so the picture passes: only compute-sanitizer's racecheck sees the
// race, and the judge tests expect its report to name the write (line 14) and the read (line 16).
#include <racelab/circles.cuh>

__global__ void renderPixels() {
    __shared__ int stage[256];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    int slot = threadIdx.y * blockDim.x + threadIdx.x;
    // Every thread writes its own slot...
    stage[slot] = slot;
    // ...and reads another warp's slot, with no __syncthreads() in between: a read-after-write hazard.
    int neighbour = stage[(slot + 32) % 256];
    if (x >= width || y >= height) return;
    float2 center = make_float2((1.f / width) * (x + .5f), (1.f / height) * (y + .5f));
    float4* out = (float4*)&cuConstRendererParams.imageData[4 * (y * width + x)];
    float4 pixel = *out;
    for (int i = 0; i < cuConstRendererParams.numCircles; ++i) blendCircleInto(i, center, pixel);
    pixel.w = (float)neighbour;
    *out = pixel;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderPixels, 16, 16));
