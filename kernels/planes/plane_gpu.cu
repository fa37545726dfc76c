// PlaneGpu's plumbing: construction (the SM count the composite sizes its plane groups by), the planes'
// download for the CPU check, and the sizes. Generation is in generate.cu, compositing in composite.cu.
#include "core/device_buffer.hpp"
#include "planes/plane_gpu_internal.cuh"

namespace racelab::planes {

PlaneGpu::PlaneGpu() : impl_(std::make_unique<Impl>()) {
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&impl_->smCount, cudaDevAttrMultiProcessorCount, device));
}
PlaneGpu::~PlaneGpu() = default;

void PlaneGpu::downloadPlanes(std::uint8_t* host, cudaStream_t stream) const {
    CUDA_CHECK(cudaMemcpyAsync(host, impl_->planes.data(), impl_->planes.bytes(), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
}

std::size_t PlaneGpu::bytes() const { return impl_->planes.bytes(); }
int PlaneGpu::width() const { return impl_->width; }
int PlaneGpu::height() const { return impl_->height; }
int PlaneGpu::lastGroups() const { return impl_->lastGroups; }

}  // namespace racelab::planes
