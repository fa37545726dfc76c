#ifdef RACELAB_HAVE_CUDA
#include "core/device_buffer.hpp"

#include "core/fault_injection.hpp"

namespace racelab {

void requireDeviceMemory(std::size_t bytes, const std::string& what) {
    if (simulatedGpuAllocationFailure())
        throw Error(what + " needs " + std::to_string(bytes >> 20) + " MiB of GPU memory: refused (simulated out of "
                    "memory, RACELAB_FAIL_GPU_ALLOC)");
    std::size_t freeBytes = 0, totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    // Keep 64 MiB for the driver, GL and CUB temporaries.
    const std::size_t reserve = std::size_t(64) << 20;
    if (bytes + reserve > freeBytes) {
        throw InsufficientMemoryError(what + " needs " + std::to_string(bytes >> 20) + " MiB of GPU memory but only " +
                                      std::to_string(freeBytes >> 20) + " MiB of " + std::to_string(totalBytes >> 20) +
                                      " MiB are free; try a smaller --size or scene");
    }
}

bool cudaDeviceAvailable(std::string* whyNot) {
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
        if (whyNot)
            *whyNot = status == cudaSuccess || status == cudaErrorNoDevice
                          ? std::string("no CUDA device found")
                          : std::string("no usable CUDA device or driver: ") + cudaGetErrorString(status);
        cudaGetLastError();  // clear the sticky-free error so later calls are not confused
        return false;
    }
    return true;
}

}  // namespace racelab
#endif
