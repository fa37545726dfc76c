#include "core/fault_injection.hpp"

#include <cstdlib>
#include <string>

namespace racelab {

FaultInjection& faultInjection() {
    static FaultInjection faults = [] {
        FaultInjection f;
        if (const char* every = std::getenv("RACELAB_FAIL_GPU_ALLOC")) f.failGpuAllocationEvery = std::atoi(every);
        if (const char* cufft = std::getenv("RACELAB_FAIL_CUFFT"))
            f.failCufft = std::string(cufft) == "load" ? CufftFault::Load : std::string(cufft) == "plan" ? CufftFault::Plan
                                                                                                          : CufftFault::None;
        if (const char* pairs = std::getenv("RACELAB_CIRCLE_PAIR_CAPACITY"))
            f.circlePairCapacity = static_cast<unsigned>(std::strtoul(pairs, nullptr, 10));
        if (const char* bytes = std::getenv("RACELAB_FAIL_VIDEO_WRITE")) f.failVideoWriteAfterBytes = std::atoll(bytes);
        if (const char* encoder = std::getenv("RACELAB_FAIL_VIDEO_ENCODER")) f.failVideoEncoder = std::string(encoder) == "1";
        return f;
    }();
    return faults;
}

bool simulatedGpuAllocationFailure() {
    FaultInjection& f = faultInjection();
    ++f.gpuAllocations;
    return f.failGpuAllocationEvery > 0 && f.gpuAllocations % f.failGpuAllocationEvery == 0;
}

}  // namespace racelab
