// The NVIDIA display driver's version ("580.159.04"), which CUDA's own API does not give (it reports the CUDA
// version the driver supports). Records that must say which driver ran them (racelab grade) carry it.
#pragma once
#include <string>

namespace racelab {

// From NVML (libnvidia-ml.so.1, part of the driver, opened at run time), else /proc/driver/nvidia/version;
// "unknown" where neither answers (no NVIDIA driver, or a container without either).
std::string displayDriverVersion();

}  // namespace racelab
