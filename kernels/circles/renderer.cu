// CircleGpuCuda itself: the circle set on the device (upload, download), the pinned host memory the binning
// reads its totals through (the unordered variant's word, the good variant's read-back ring), and the
// dispatch to the three variants (render_good.cu, render_unordered.cu, render_racy.cu). The animation
// step lives in animation.cu. No kernels here.
#include <string>

#include "circles/circle_gpu_internal.cuh"
#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "core/fault_injection.hpp"

namespace racelab::circles {
CircleGpuCuda::Impl::Impl() {
    const FaultInjection& forced = faultInjection();
    if (forced.circlesPath == "binned") forcedPath = static_cast<int>(CircleRenderPath::Binned);
    if (forced.circlesPath == "every") forcedPath = static_cast<int>(CircleRenderPath::EveryCirclePerTile);
    if (forced.circlesPath == "listed") forcedPath = static_cast<int>(CircleRenderPath::ListedPerCoarseTile);
    forcedPixelsPerThread = forced.circlesPixelsPerThread;
    CUDA_CHECK(cudaMallocHost(&pinnedTotal, sizeof(unsigned)));
    CUDA_CHECK(cudaMallocHost(&readback, kReadbackSlots * sizeof(FrameReadback)));
    for (cudaEvent_t& e : readbackDone) CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
}
CircleGpuCuda::Impl::~Impl() {
    for (cudaEvent_t e : readbackDone) cudaEventDestroy(e);
    cudaFreeHost(readback);
    cudaFreeHost(pinnedTotal);
}

CircleGpuCuda::CircleGpuCuda() : impl_(std::make_unique<Impl>()) {}
CircleGpuCuda::~CircleGpuCuda() = default;

void CircleGpuCuda::upload(const CircleSet& set, cudaStream_t stream) {
    const std::size_t n = set.radius.size();
    requireDeviceMemory(n * 10 * sizeof(float), "circle data (" + std::to_string(n) + " circles)");
    impl_->position.reserve(3 * n, "circle positions");
    impl_->velocity.reserve(3 * n, "circle velocities");
    impl_->color.reserve(3 * n, "circle colours");
    impl_->radius.reserve(n, "circle radii");
    impl_->count = static_cast<int>(n);
    impl_->snow = set.snow;
    double radiusSum = 0, squaredSum = 0;
    for (float r : set.radius) radiusSum += r, squaredSum += static_cast<double>(r) * r;
    impl_->meanRadius = n ? static_cast<float>(radiusSum / static_cast<double>(n)) : 0.f;
    impl_->meanSquaredRadius = n ? static_cast<float>(squaredSum / static_cast<double>(n)) : 0.f;
    impl_->twoPassesPayOff = true;
    impl_->retryInterval = Impl::kFirstRetryFrames;
    impl_->hostRadius = set.radius;
    impl_->capacityWidth = impl_->capacityHeight = 0;  // bound the pair buffers again for these radii
    if (n == 0) return;
    copyToDevice(impl_->position.data(), set.position.data(), 3 * n * sizeof(float), stream);
    copyToDevice(impl_->velocity.data(), set.velocity.data(), 3 * n * sizeof(float), stream);
    copyToDevice(impl_->color.data(), set.color.data(), 3 * n * sizeof(float), stream);
    copyToDevice(impl_->radius.data(), set.radius.data(), n * sizeof(float), stream);
    waitForStream(stream);  // the host vectors may change right after
}

void CircleGpuCuda::download(CircleSet& set, cudaStream_t stream) const {
    const std::size_t n = static_cast<std::size_t>(impl_->count);
    if (n == 0) return;
    endFrameCapture(stream);  // pageable host memory: not something a graph can hold
    CUDA_CHECK(cudaMemcpyAsync(set.position.data(), impl_->position.data(), 3 * n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaMemcpyAsync(set.velocity.data(), impl_->velocity.data(), 3 * n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaMemcpyAsync(set.radius.data(), impl_->radius.data(), n * sizeof(float), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);
}

void CircleGpuCuda::render(const FrameTarget& target, CircleVariant variant) {
    RACELAB_REQUIRE(target.onDevice, "the GPU renderer needs a device frame target");
    TileGrid grid = tileGridOf(target.width, target.height);
    impl_->stats.tileSize = kTileSize;
    switch (variant) {
    case CircleVariant::Good: impl_->renderGood(target, grid); break;
    case CircleVariant::Unordered: impl_->renderUnordered(target, grid); break;
    case CircleVariant::Bad: impl_->renderBad(target); break;
    }
}

// The good variant's stats come from the newest frame that has finished (read back without waiting).
CircleRenderStats CircleGpuCuda::lastStats() const {
    impl_->absorbReadbacks();
    return impl_->stats;
}

CircleDeviceArrays CircleGpuCuda::deviceArrays() const {
    return {impl_->position.data(), impl_->velocity.data(), impl_->color.data(), impl_->radius.data(), impl_->count};
}

}  // namespace racelab::circles

// The scenes make their GPU half through makeGpuHalf<CircleGpu>("circles") (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(circles) { return std::make_unique<racelab::circles::CircleGpuCuda>(); }
