// A first planes compositor: one thread per (pixel, plane), each blending its plane's pixel onto the
// pixel's result. Written by `racelab new-kernel planes FILE`.
//
// It has a race. The threads of one pixel (neighbours here: thread i takes plane i % planeCount of pixel
// i / planeCount) read the result, blend and write it back at the same time: most of their updates are lost,
// and those that land do so in any order, while blending needs plane 0 first, then 1, then 2 ... The frame
// comes out with planes missing and the wrong one on top. Run it in the viewer
// (`racelab view --scene planes/default --kernel FILE`), press H for the heat view, and watch where.
#include <racelab/planes.cuh>

__global__ void compositePlanes() {
    long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const long long pixels = static_cast<long long>(planeParams.width) * planeParams.height;
    if (i >= pixels * planeParams.planeCount) return;
    const int k = static_cast<int>(i % planeParams.planeCount);
    const long long pixel = i / planeParams.planeCount;
    const int x = static_cast<int>(pixel % planeParams.width), y = static_cast<int>(pixel / planeParams.width);
    // Read, blend, write: not atomic, and nothing orders the threads that share this pixel.
    float4 result = planeParams.result[pixel];
    planeParams.result[pixel] = blendPlane(result, planePixel(k, x, y));
}

RACELAB_LAUNCHES(RACELAB_PER_ITEM(compositePlanes, RACELAB_PLANE_PIXELS, 256));
