// makeGpuHalf: looks the family up in the generated table of GPU halves (empty in a build without CUDA).
#include "scenes/gpu_half.hpp"

namespace racelab {

std::unique_ptr<GpuHalf> findGpuHalf(const std::string& family) {
    std::size_t count = 0;
    const GpuHalfFactory* table = generatedGpuHalves(count);
    for (std::size_t i = 0; i < count; ++i)
        if (family == table[i].name) return table[i].make();
    return nullptr;
}

std::unique_ptr<GpuHalf> makeGpuHalf(const std::string& family) {
    std::unique_ptr<GpuHalf> half = findGpuHalf(family);
    if (!half) throwNoCudaBuild();  // the build has no CUDA (or no GPU half of that name): the cpu backend only
    return half;
}

}  // namespace racelab
