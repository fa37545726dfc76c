// PlaneGpuCuda's plumbing: construction (the SM count the composite sizes its plane groups by), the planes'
// download for the CPU check, and the sizes. Generation is in generate.cu, compositing in composite.cu.
#include "common/launch.cuh"
#include "core/device_buffer.hpp"
#include "planes/plane_gpu_internal.cuh"

namespace racelab::planes {

PlaneGpuCuda::PlaneGpuCuda() : impl_(std::make_unique<Impl>()) {
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&impl_->smCount, cudaDevAttrMultiProcessorCount, device));
}
PlaneGpuCuda::~PlaneGpuCuda() = default;

void PlaneGpuCuda::downloadPlanes(std::uint8_t* host, cudaStream_t stream) const {
    CUDA_CHECK(cudaMemcpyAsync(host, impl_->planes.data(), impl_->planes.bytes(), cudaMemcpyDeviceToHost, stream));
    waitForStream(stream);
}

std::size_t PlaneGpuCuda::bytes() const { return impl_->planes.bytes(); }
int PlaneGpuCuda::width() const { return impl_->width; }
int PlaneGpuCuda::height() const { return impl_->height; }
int PlaneGpuCuda::lastGroups() const { return impl_->lastGroups; }

}  // namespace racelab::planes

// The scenes make their GPU half through makeGpuHalf<PlaneGpu>("planes") (scenes/gpu_half.hpp).
RACELAB_GPU_HALF(planes) { return std::make_unique<racelab::planes::PlaneGpuCuda>(); }
