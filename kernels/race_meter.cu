// The race meter: per-pixel comparison against the good variant, counted with one atomic per warp.
#include "race_meter.cuh"

#include "core/cuda_check.hpp"

namespace racelab {
namespace {

__global__ void countDifferences(std::uint8_t* frame, std::size_t pitch, const std::uint8_t* reference, int width,
                                 int height, int threshold, bool overlay, unsigned long long* counter) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    bool differs = false;
    if (x < width) {
        uchar4* p = reinterpret_cast<uchar4*>(frame + static_cast<std::size_t>(y) * pitch) + x;
        uchar4 a = *p;
        uchar4 b = reinterpret_cast<const uchar4*>(reference)[static_cast<std::size_t>(y) * width + x];
        differs = abs(a.x - b.x) > threshold || abs(a.y - b.y) > threshold || abs(a.z - b.z) > threshold;
        if (differs && overlay) *p = make_uchar4(255, 0, 255, 255);
    }
    unsigned ballot = __ballot_sync(0xffffffffu, differs);
    if ((threadIdx.x & 31) == 0 && ballot) atomicAdd(counter, static_cast<unsigned long long>(__popc(ballot)));
}

}  // namespace

RaceMeterCounts measureRace(const FrameTarget& frame, const std::uint8_t* reference, int threshold, bool overlay,
                            unsigned long long* deviceCounter) {
    CUDA_CHECK(cudaMemsetAsync(deviceCounter, 0, sizeof(unsigned long long), frame.stream));
    dim3 grid((frame.width + 255) / 256, frame.height);
    countDifferences<<<grid, 256, 0, frame.stream>>>(frame.pixels, frame.pitchBytes, reference, frame.width, frame.height,
                                                     threshold, overlay, deviceCounter);
    CUDA_CHECK(cudaGetLastError());
    unsigned long long differing = 0;
    CUDA_CHECK(cudaMemcpyAsync(&differing, deviceCounter, sizeof differing, cudaMemcpyDeviceToHost, frame.stream));
    CUDA_CHECK(cudaStreamSynchronize(frame.stream));
    return {static_cast<std::int64_t>(differing), static_cast<std::int64_t>(frame.width) * frame.height};
}

}  // namespace racelab
