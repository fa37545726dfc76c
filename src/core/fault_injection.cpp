#include "core/fault_injection.hpp"

#include <cstdlib>

namespace racelab {

FaultInjection& faultInjection() {
    static FaultInjection faults = [] {
        FaultInjection f;
        if (const char* every = std::getenv("RACELAB_FAIL_GPU_ALLOC")) f.failGpuAllocationEvery = std::atoi(every);
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
