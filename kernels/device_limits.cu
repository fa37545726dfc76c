// Measures launch latency, copy bandwidth and the cost of one host synchronization on this GPU.
#include "device_limits.cuh"

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/device_buffer.hpp"

namespace racelab {
namespace {

__global__ void emptyKernel() {}

template <typename Work>
double medianMs(cudaStream_t stream, int repetitions, Work work) {
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    std::vector<float> samples;
    for (int i = 0; i < repetitions; ++i) {
        CUDA_CHECK(cudaEventRecord(start, stream));
        work();
        CUDA_CHECK(cudaEventRecord(stop, stream));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        samples.push_back(ms);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::nth_element(samples.begin(), samples.begin() + samples.size() / 2, samples.end());
    return samples[samples.size() / 2];
}

}  // namespace

DeviceLimits measureDeviceLimits(cudaStream_t stream, std::size_t copyBytes) {
    DeviceLimits limits;
    const int launches = 200;
    double launchMs = medianMs(stream, 5, [&] {
        for (int i = 0; i < launches; ++i) emptyKernel<<<1, 32, 0, stream>>>();
    });
    limits.emptyLaunchUs = launchMs * 1000.0 / launches;

    DeviceBuffer<unsigned char> a(copyBytes, "bandwidth probe"), b(copyBytes, "bandwidth probe");
    CUDA_CHECK(cudaMemsetAsync(a.data(), 1, copyBytes, stream));
    double copyMs = medianMs(stream, 7, [&] {
        CUDA_CHECK(cudaMemcpyAsync(b.data(), a.data(), copyBytes, cudaMemcpyDeviceToDevice, stream));
    });
    limits.copyBandwidthGBs = 2.0 * static_cast<double>(copyBytes) / (copyMs * 1e6);

    unsigned* pinned = nullptr;
    CUDA_CHECK(cudaMallocHost(&pinned, sizeof(unsigned)));
    std::vector<double> rounds;
    for (int i = 0; i < 50; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        CUDA_CHECK(cudaMemcpyAsync(pinned, a.data(), sizeof(unsigned), cudaMemcpyDeviceToHost, stream));
        CUDA_CHECK(cudaStreamSynchronize(stream));
        rounds.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
    }
    cudaFreeHost(pinned);
    std::nth_element(rounds.begin(), rounds.begin() + rounds.size() / 2, rounds.end());
    limits.syncRoundTripUs = rounds[rounds.size() / 2];
    return limits;
}

}  // namespace racelab
