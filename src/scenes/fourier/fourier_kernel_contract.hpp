// The fourier family's contract with a user kernel, as racelab declares it (the device side is
// kernel_contract.cuh, installed as racelab/fourier.cuh): what the family descriptor offers, and the byte
// layout of TrailParams that fourier_kernel_side.cpp fills each frame.
#pragma once
#include <cstddef>

#include "scenes/kernel_contract.hpp"

namespace racelab::fourier {

KernelContract fourierKernelContract();

// TrailParams (kernel_contract.cuh) on a 64-bit device: offsets of its fields.
struct TrailParameterLayout {
    static constexpr std::size_t pens = 0, trail = 8, segments = 16, width = 20, height = 24, radius = 28, bytes = 32;
};

// RACELAB_THREADS_PER_SEGMENT of the header: the size RACELAB_SEGMENT_THREADS is segments times this.
inline constexpr int kUserThreadsPerSegment = 64;

}  // namespace racelab::fourier
