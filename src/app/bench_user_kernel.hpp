// bench's account of a user kernel (--kernel): over the measured frames, the worker's own time for the launch
// list (CUDA events in the worker) and the hand-over (the rest of racelab's round trip), apart, since the
// kernel stage of a user variant is both.
#pragma once
#include <string>

#include "core/stats.hpp"

namespace racelab {
namespace userkernel {
struct RecordedFrameTimes;
}

struct UserKernelBenchTimes {
    bool measured = false;
    Summary worker, handoff;
};

UserKernelBenchTimes summarizeUserKernel(const userkernel::RecordedFrameTimes& times);
void printUserKernelTimes(const std::string& name, const UserKernelBenchTimes& times);
// The record's "user_kernel" field.
std::string userKernelTimesJson(const std::string& name, const UserKernelBenchTimes& times);

}  // namespace racelab
