// What a user kernel's launch list asks for, worked out on the host without a GPU: each launch's grid, how
// many times it runs, the bytes of its arguments, and each scratch buffer's element count. The worker's
// executor (worker/kernel_executor.cu) makes the CUDA calls; this is the arithmetic and the
// checks behind them, so that tests can hold every rule of racelab/launch.cuh to its numbers.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#ifndef __host__
#define __host__
#define __device__
#define RACELAB_LAUNCH_PLAN_DEFINED_QUALIFIERS
#endif
#include "userkernel/worker/device/racelab/launch.cuh"
#ifdef RACELAB_LAUNCH_PLAN_DEFINED_QUALIFIERS
#undef __host__
#undef __device__
#undef RACELAB_LAUNCH_PLAN_DEFINED_QUALIFIERS
#endif

namespace racelab::userkernel {

// The frame's shape, as the launch list's rules count it.
struct FrameShape {
    std::vector<std::int64_t> sizes;  // the family's sizes (KernelContract::sizes order)
    int width = 0, height = 0;
    int multiprocessors = 1;
};

struct Dim3 {
    unsigned x = 1, y = 1, z = 1;
};

// A scratch buffer as a launch's argument sees it.
struct BufferView {
    void* address = nullptr;
    long long capacity = 0;  // elements
};

std::string nameOf(const char (&chars)[kNameChars]);

// The grid of `step` for this frame. Throws Error when it is larger than a grid may be.
Dim3 gridOf(const LaunchStep& step, const FrameShape& frame);

// How many times `step` runs this frame; `deviceCount` is its RACELAB_REPEAT_COUNT variable's value (read by
// the caller after the launches before it). Throws Error naming `label` when that count is negative or huge.
long long repetitionsOf(const LaunchStep& step, const FrameShape& frame, long long deviceCount, const std::string& label);

// The most times a launch is repeated in one frame: a count beyond it is a bug (or a hostile file), not work.
constexpr long long kMaxRepetitions = 1 << 20;

// One 8-byte slot per argument, holding it as its parameter takes it (little-endian, the parameter's size);
// `buffer` answers a scratch buffer's pointer name.
using ArgumentSlots = std::vector<std::array<std::uint8_t, 8>>;
ArgumentSlots argumentsOf(const LaunchStep& step, long long repetition, const FrameShape& frame,
                          const std::function<BufferView(const std::string&)>& buffer);
// The same slots for repetition `repetition`: only the RACELAB_ARG_INDEX() arguments change between the
// repetitions of a launch, so a repeated launch works its arguments out once and renumbers them.
void putRepetition(const LaunchStep& step, long long repetition, ArgumentSlots& slots);

// The elements `buffer` needs this frame; `count` is its RACELAB_BUFFER_COUNTED variable's value (0 before the
// first frame). At least 1, so every buffer has an address.
long long elementsOf(const ScratchBuffer& buffer, const FrameShape& frame, long long count);

// The checks the worker makes when it loads the tables, with what to do: every size index within the family's
// `sizeCount`, every buffer an argument names among `scratch`, each shape's numbers positive. Returns "" when
// the step is sound.
std::string problemWith(const LaunchStep& step, std::size_t sizeCount, const std::vector<ScratchBuffer>& scratch);
std::string problemWith(const ScratchBuffer& buffer, std::size_t sizeCount);

// A device integer of `bytes` bytes (4 or 8, signed as the file declared it: racelab reads it as signed) as
// read from its little-endian bytes.
long long deviceInteger(const std::uint8_t* bytes, int size);

}  // namespace racelab::userkernel
