// The course's float4 image for a user's kernel (scenes/circles/kernel_contract.cuh): cleared as CS149's
// clearImage does before the user's launches, and turned into the RGBA8 frame after them, byte for byte as
// racelab's own renderers round (toByte).
#include "circles/circle_gpu.cuh"
#include "common/launch.cuh"
#include "scenes/circles/circle_formulas.hpp"

namespace racelab::circles {
namespace {

__global__ void clearCourseImageKernel(float4* image, int width, int height, bool snow) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    const Rgb c = clearColor(snow, y, height);
    image[static_cast<std::size_t>(y) * width + x] = make_float4(c.r, c.g, c.b, 1.f);
}

__global__ void courseImageToTargetKernel(const float4* image, std::uint8_t* pixels, std::size_t pitch, int width, int height) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    const float4 v = image[static_cast<std::size_t>(y) * width + x];
    uchar4 out = make_uchar4(toByte(v.x), toByte(v.y), toByte(v.z), toByte(v.w));
    *reinterpret_cast<uchar4*>(pixels + static_cast<std::size_t>(y) * pitch + 4 * static_cast<std::size_t>(x)) = out;
}

dim3 pixelGrid(int width, int height) { return dim3((width + 15) / 16, (height + 15) / 16); }

}  // namespace

void CircleGpuCuda::clearCourseImage(float* image, int width, int height, bool snow, cudaStream_t stream) {
    launchKernel("circles: clear the course image", clearCourseImageKernel, pixelGrid(width, height), dim3(16, 16), 0, stream,
                 reinterpret_cast<float4*>(image), width, height, snow);
}

void CircleGpuCuda::courseImageToTarget(const float* image, const FrameTarget& target) {
    launchKernel("circles: course image to frame", courseImageToTargetKernel, pixelGrid(target.width, target.height),
                 dim3(16, 16), 0, target.stream, reinterpret_cast<const float4*>(image), target.pixels, target.pitchBytes,
                 target.width, target.height);
}

}  // namespace racelab::circles
