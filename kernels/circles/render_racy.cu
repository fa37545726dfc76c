// The bad variant: a thread per circle writes straight into a float image without atomics or ordering, so
// overlapping circles lose updates and blend in whatever order the threads happen to run. It is the race
// racelab shows on purpose; the image is cleared and quantized to 8 bits around it.
#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

__global__ void clearFloatImage(float4* image, int width, int height, bool snow) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= width) return;
    Rgb c = clearColor(snow, y, height);
    image[static_cast<std::size_t>(y) * width + x] = make_float4(c.r, c.g, c.b, 1.f);
}

// The race on purpose: plain loads and stores from many threads to the same pixels, in no order.
__global__ void blendCirclesRacy(DeviceCircles c, int width, int height, bool snow, float4* image) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= c.count) return;
    float px = c.position[3 * i], py = c.position[3 * i + 1], pz = c.position[3 * i + 2], rad = c.radius[i];
    int x0, x1, y0, y1;
    pixelBounds(px, rad, width, x0, x1);
    pixelBounds(py, rad, height, y0, y1);
    const float invW = 1.f / width, invH = 1.f / height;
    Rgb circleColor{c.color[3 * i], c.color[3 * i + 1], c.color[3 * i + 2]};
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            float distSq = squaredDistance(px - pixelCentre(x, invW), py - pixelCentre(y, invH));
            if (distSq > rad * rad) continue;
            Rgb color;
            float alpha;
            shade(snow, distSq, rad, pz, circleColor, color, alpha);
            float4* p = image + static_cast<std::size_t>(y) * width + x;
            float4 v = *p;
            *p = make_float4(alpha * color.r + (1.f - alpha) * v.x, alpha * color.g + (1.f - alpha) * v.y,
                             alpha * color.b + (1.f - alpha) * v.z, v.w);
        }
}

__global__ void quantizeFloatImage(const float4* image, int width, std::uint8_t* out, std::size_t pitch) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x >= width) return;
    float4 v = image[static_cast<std::size_t>(y) * width + x];
    *reinterpret_cast<uchar4*>(out + y * pitch + 4 * static_cast<std::size_t>(x)) =
        make_uchar4(toByte(v.x), toByte(v.y), toByte(v.z), 255);
}

}  // namespace

void CircleGpuCuda::Impl::renderBad(const FrameTarget& target) {
    cudaStream_t s = target.stream;
    floatImage.reserve(static_cast<std::size_t>(target.width) * target.height, "float image");
    dim3 rows(blocksFor(target.width, 256), target.height);
    launchKernel("circles: clear float image", clearFloatImage, rows, 256, 0, s, floatImage.data(), target.width,
                 target.height, snow);
    if (count > 0)
        launchKernel("circles: blend (racy)", blendCirclesRacy, blocksFor(count, 128), 128, 0, s, circles(), target.width,
                     target.height, snow, floatImage.data());
    launchKernel("circles: quantize float image", quantizeFloatImage, rows, 256, 0, s, floatImage.data(), target.width,
                 target.pixels, target.pitchBytes);
    stats.tilePairs = 0;
    stats.passes = 1;
}

}  // namespace racelab::circles
