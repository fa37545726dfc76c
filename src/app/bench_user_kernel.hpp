// bench's account of a user kernel (--kernel): over the measured frames, the worker's own time for the launch
// list (CUDA events in the worker) and the hand-over (the rest of racelab's round trip), apart, since the
// kernel stage of a user variant is both. A whole-file solution's worker time is the course's measure (the
// wall clock around clearImage, advanceAnimation and render, each up to a device synchronize), given call by
// call as well.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/stats.hpp"

namespace racelab {
namespace userkernel {
struct KernelForm;
struct RecordedFrameTimes;
}

struct UserKernelBenchTimes {
    bool measured = false;
    const userkernel::KernelForm* form = nullptr;  // what the times are of (set when measured)
    Summary worker, handoff;
    Summary image;  // whole-file: getImage and the image's copy to racelab, in the worker (part of the hand-over)
    std::vector<std::pair<std::string, Summary>> steps;  // per launch or call, where every frame had it
};

UserKernelBenchTimes summarizeUserKernel(const userkernel::RecordedFrameTimes& times, const userkernel::KernelForm& form);
void printUserKernelTimes(const std::string& name, const UserKernelBenchTimes& times);
// The record's "user_kernel" field.
std::string userKernelTimesJson(const std::string& name, const UserKernelBenchTimes& times);

}  // namespace racelab
