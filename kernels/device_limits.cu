// Measures launch latency, copy bandwidth and the cost of one host synchronization on this GPU.
// Launches stay raw <<<>>> here, not launchKernel: the bare launch latency is what is measured.
#include "app/device_limits.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "core/device_buffer.hpp"

namespace racelab {
namespace {

__global__ void emptyKernel() {}

// Reads every 16-byte word once; the xor keeps the loads alive without writing more than one word a thread.
__global__ void streamingRead(const uint4* data, std::size_t words, unsigned* sink) {
    unsigned acc = 0;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < words;
         i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
        uint4 v = __ldcs(data + i);
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (acc == 0x9e3779b9u) *sink = acc;  // practically never: only to keep the reads
}

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

    std::size_t freeBytes = 0, totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    copyBytes = std::min(copyBytes, freeBytes / 4) & ~std::size_t(15);  // small GPUs: a smaller probe
    DeviceBuffer<unsigned char> a(copyBytes, "bandwidth probe"), b(copyBytes, "bandwidth probe");
    CUDA_CHECK(cudaMemsetAsync(a.data(), 1, copyBytes, stream));
    double copyMs = medianMs(stream, 7, [&] {
        CUDA_CHECK(cudaMemcpyAsync(b.data(), a.data(), copyBytes, cudaMemcpyDeviceToDevice, stream));
    });
    limits.copyBandwidthGBs = 2.0 * static_cast<double>(copyBytes) / (copyMs * 1e6);

    int device = 0, sms = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    double readMs = medianMs(stream, 7, [&] {
        streamingRead<<<sms * 8, 256, 0, stream>>>(reinterpret_cast<const uint4*>(a.data()), copyBytes / 16,
                                                   reinterpret_cast<unsigned*>(b.data()));
    });
    limits.readBandwidthGBs = static_cast<double>(copyBytes) / (readMs * 1e6);

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
