// Writes garbage to every pixel, the same garbage every run: one thread per pixel (a 16x16 block per pixel tile)
// ignores the circles and sets its pixel to a colour made from an integer hash of the pixel's index (each of
// r, g, b 10 bits of the hash, in [0, 1]; alpha 1). Deterministic: no randomness, no clock, no atomics, no
// race, and no write outside the image.
// A grader must say: `wrong` on every circles scene (the same wrong pixels in every run: a bug, never `race`),
// never `fault`, `timeout` or `contract-error`; 0 points on every scene. Nearly every pixel is wrong: a
// hashed colour falls within 0.1 of the course's in all three channels for about 1 pixel in 125 or fewer.
#include <racelab/circles.cuh>

// An integer hash with good avalanche (the "lowbias32" mix): neighbouring indices get unrelated colours.
__device__ __inline__ unsigned int hashIndex(unsigned int v) {
    v ^= v >> 16;
    v *= 0x7feb352du;
    v ^= v >> 15;
    v *= 0x846ca68bu;
    v ^= v >> 16;
    return v;
}

__global__ void renderGarbage() {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int width = cuConstRendererParams.imageWidth, height = cuConstRendererParams.imageHeight;
    if (x >= width || y >= height) return;
    unsigned int h = hashIndex(static_cast<unsigned int>(y * width + x));
    float r = (1.f / 1023.f) * static_cast<float>(h & 1023u);
    float g = (1.f / 1023.f) * static_cast<float>((h >> 10) & 1023u);
    float b = (1.f / 1023.f) * static_cast<float>((h >> 20) & 1023u);
    *(float4*)&cuConstRendererParams.imageData[4 * (y * width + x)] = make_float4(r, g, b, 1.f);
}

RACELAB_LAUNCHES(RACELAB_PER_PIXEL(renderGarbage, 16, 16));
