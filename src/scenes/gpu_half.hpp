// The GPU half of a workload behind one interface. Each family declares an abstract interface (plain C++,
// derived from GpuHalf) next to its scene, implements it in CUDA under kernels/<family>/ and registers a
// factory there with RACELAB_GPU_HALF(name). The build generates the name -> factory table from those
// registrations (cmake/GpuHalves.cmake); a build without CUDA gets an empty table. So makeGpuHalf is the one
// place that knows whether the GPU half exists: without it, it throws throwNoCudaBuild()'s error, and the
// scenes need no #ifdef RACELAB_HAVE_CUDA.
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "core/errors.hpp"

namespace racelab {

class GpuHalf {
public:
    virtual ~GpuHalf() = default;
};

// The GPU half registered under `family`. Throws throwNoCudaBuild()'s error when this build has none (no
// CUDA, or no factory of that name).
std::unique_ptr<GpuHalf> makeGpuHalf(const std::string& family);

// The same, or null where makeGpuHalf would throw: for callers with a fallback of their own.
std::unique_ptr<GpuHalf> findGpuHalf(const std::string& family);

namespace detail {
template <class Interface>
std::unique_ptr<Interface> asGpuHalf(std::unique_ptr<GpuHalf> half, const std::string& family) {
    if (!half) return nullptr;
    auto* typed = dynamic_cast<Interface*>(half.get());
    if (!typed) throw Error("the GPU half registered as '" + family + "' does not implement the interface its scene asks for");
    half.release();
    return std::unique_ptr<Interface>(typed);
}
}  // namespace detail

// The same, as the family's interface; throws Error when the registered half does not implement it.
template <class Interface>
std::unique_ptr<Interface> makeGpuHalf(const std::string& family) {
    return detail::asGpuHalf<Interface>(makeGpuHalf(family), family);
}
template <class Interface>
std::unique_ptr<Interface> findGpuHalf(const std::string& family) {
    return detail::asGpuHalf<Interface>(findGpuHalf(family), family);
}

// The generated table (build/generated/racelab/gpu_halves.cpp): one entry per RACELAB_GPU_HALF.
struct GpuHalfFactory {
    const char* name;
    std::unique_ptr<GpuHalf> (*make)();
};
const GpuHalfFactory* generatedGpuHalves(std::size_t& count);

}  // namespace racelab

// Starts the definition of one GPU half's factory, in a .cu file of kernels/<family>/, followed by its body:
//     RACELAB_GPU_HALF(circles) { return std::make_unique<CircleGpuCuda>(); }
// The build finds the registrations by this text at the start of a line (the name a C identifier), so no
// shared file names the family.
#define RACELAB_GPU_HALF(name) std::unique_ptr<racelab::GpuHalf> racelabGpuHalf_##name()
