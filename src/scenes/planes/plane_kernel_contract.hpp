// The planes family's contract with a user kernel, as racelab declares it (the device side is
// kernel_contract.cuh, installed as racelab/planes.cuh): what the family descriptor offers, and the byte
// layout of PlaneParams that plane_kernel_side.cpp fills each frame.
#pragma once
#include <cstddef>

#include "scenes/kernel_contract.hpp"

namespace racelab::planes {

KernelContract planeKernelContract();

// PlaneParams (kernel_contract.cuh) on a 64-bit device: offsets of its fields.
struct PlaneParameterLayout {
    static constexpr std::size_t planes = 0, offsets = 8, planeCount = 16, width = 20, height = 24, blend = 28, alpha = 32,
                                 result = 40, bytes = 48;
};

}  // namespace racelab::planes
