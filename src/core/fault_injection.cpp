#include "core/fault_injection.hpp"

#include <cstdlib>
#include <functional>
#include <string>

#include "core/errors.hpp"

namespace racelab {

FaultInjection faultInjectionFrom(const std::function<const char*(const char*)>& variable) {
    FaultInjection f;
    if (const char* every = variable("RACELAB_FAIL_GPU_ALLOC")) f.failGpuAllocationEvery = std::atoi(every);
    if (const char* cufft = variable("RACELAB_FAIL_CUFFT"))
        f.failCufft = std::string(cufft) == "load" ? CufftFault::Load : std::string(cufft) == "plan" ? CufftFault::Plan
                                                                                                      : CufftFault::None;
    if (const char* pairs = variable("RACELAB_CIRCLE_PAIR_CAPACITY"))
        f.circlePairCapacity = static_cast<unsigned>(std::strtoul(pairs, nullptr, 10));
    if (const char* path = variable("RACELAB_CIRCLES_PATH"); path && *path) {
        f.circlesPath = path;
        if (f.circlesPath != "binned" && f.circlesPath != "every" && f.circlesPath != "listed")
            throw UsageError("RACELAB_CIRCLES_PATH is '" + f.circlesPath + "': give binned, every or listed (or leave it unset)");
    }
    if (const char* pixels = variable("RACELAB_CIRCLES_PIXELS_PER_THREAD"); pixels && *pixels) {
        const std::string given = pixels;
        if (given != "1" && given != "2")
            throw UsageError("RACELAB_CIRCLES_PIXELS_PER_THREAD is '" + given + "': give 1 or 2 (or leave it unset)");
        f.circlesPixelsPerThread = given == "2" ? 2 : 1;
    }
    if (const char* bytes = variable("RACELAB_FAIL_VIDEO_WRITE")) f.failVideoWriteAfterBytes = std::atoll(bytes);
    if (const char* encoder = variable("RACELAB_FAIL_VIDEO_ENCODER")) f.failVideoEncoder = std::string(encoder) == "1";
    return f;
}

FaultInjection& faultInjection() {
    static FaultInjection faults = faultInjectionFrom([](const char* name) { return std::getenv(name); });
    return faults;
}

bool simulatedGpuAllocationFailure() {
    FaultInjection& f = faultInjection();
    ++f.gpuAllocations;
    return f.failGpuAllocationEvery > 0 && f.gpuAllocations % f.failGpuAllocationEvery == 0;
}

}  // namespace racelab
