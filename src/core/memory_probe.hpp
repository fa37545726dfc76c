// Memory in use, for the soak's start/end report: this process's resident set, and the GPU's used memory
// (device-wide, as cudaMemGetInfo reports it; 0 without CUDA).
#pragma once
#include <cstddef>

namespace racelab {

double residentMiB();
double gpuUsedMiB();

}  // namespace racelab
