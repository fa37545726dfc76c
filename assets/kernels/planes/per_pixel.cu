// A correct planes compositor: one thread per pixel blends every plane onto its own result, plane 0 first,
// in a register, and writes it once. No two threads share a pixel and each pixel sees the planes in order,
// so there is no race. It reads every plane once (the whole cost: planeCount x width x height x 4 bytes), as
// the family's good variant does; that one also loads 16 bytes (4 pixels) at a time and several planes ahead.
#include <racelab/planes.cuh>

__global__ void compositePixels() {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= planeParams.width || y >= planeParams.height) return;
    float4 result = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int k = 0; k < planeParams.planeCount; ++k) result = blendPlane(result, planePixel(k, x, y));
    planeParams.result[static_cast<size_t>(y) * planeParams.width + x] = result;
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(compositePixels, 32, 8));
