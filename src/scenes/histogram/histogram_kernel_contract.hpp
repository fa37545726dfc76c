// The histogram family's contract with a user kernel, as racelab declares it (the device side is
// kernel_contract.cuh, installed as racelab/histogram.cuh): what the family descriptor offers, and the byte
// layout of HistogramParams that histogram_kernel_side.cpp fills each frame.
#pragma once
#include <cstddef>

#include "scenes/kernel_contract.hpp"

namespace racelab::histogram {

KernelContract histogramKernelContract();

// HistogramParams (kernel_contract.cuh) on a 64-bit device: offsets of its fields.
struct HistogramParameterLayout {
    static constexpr std::size_t values = 0, count = 8, bins = 12, histogram = 16, bytes = 24;
};

}  // namespace racelab::histogram
