// Memory in use, for the soak's start/end report: this process's resident set, and the GPU's used memory
// (device-wide, as cudaMemGetInfo reports it; 0 without CUDA); and the GPU's free memory, for grade's sizes.
#pragma once
#include <cstddef>

namespace racelab {

double residentMiB();
double gpuUsedMiB();
// The GPU's free memory in bytes, as cudaMemGetInfo reports it (0 without CUDA or a device).
std::size_t gpuMemoryFree();

}  // namespace racelab
