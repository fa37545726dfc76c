// An empty kernel, compiled for the same architectures as every other kernel, whose
// attributes tell which of the fat binary's images the driver picked for this GPU.
#include "core/kernel_image.hpp"

#include <cuda_runtime_api.h>

namespace racelab {
namespace {

__global__ void kernelImageProbe() {}

}  // namespace

LoadedKernelImage loadedKernelImage() {
    LoadedKernelImage out;
    cudaFuncAttributes attributes{};
    const cudaError_t status = cudaFuncGetAttributes(&attributes, kernelImageProbe);
    if (status != cudaSuccess) {
        out.error = cudaGetErrorString(status);
        cudaGetLastError();  // not sticky: clear it so later calls are not confused
        return out;
    }
    out.loaded = true;
    out.binaryVersion = attributes.binaryVersion;
    out.ptxVersion = attributes.ptxVersion;
    return out;
}

}  // namespace racelab
