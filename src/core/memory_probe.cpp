#include "core/memory_probe.hpp"

#include <fstream>
#include <unistd.h>

#ifdef RACELAB_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace racelab {

double residentMiB() {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
}

double gpuUsedMiB() {
#ifdef RACELAB_HAVE_CUDA
    std::size_t freeBytes = 0, totalBytes = 0;
    if (cudaMemGetInfo(&freeBytes, &totalBytes) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return static_cast<double>(totalBytes - freeBytes) / (1 << 20);
#else
    return 0;
#endif
}

}  // namespace racelab
