#include "core/kernel_image.hpp"

#include <algorithm>
#include <sstream>

#ifdef RACELAB_HAVE_CUDA
#include <cuda_runtime_api.h>

#include "core/device_buffer.hpp"
#endif

// Set by CMake for this file only (changing the list recompiles one file): "75,80,86", "75", "13.0".
#ifndef RACELAB_CUDA_SASS
#define RACELAB_CUDA_SASS ""
#endif
#ifndef RACELAB_CUDA_PTX
#define RACELAB_CUDA_PTX ""
#endif
#ifndef RACELAB_CUDA_TOOLKIT
#define RACELAB_CUDA_TOOLKIT ""
#endif

namespace racelab {
namespace {

std::vector<int> parseList(const std::string& text) {
    std::vector<int> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) out.push_back(std::stoi(item));
    std::sort(out.begin(), out.end());
    return out;
}

std::string names(const char* prefix, const std::vector<int>& archs) {
    std::string out;
    for (int a : archs) {  // appended piece by piece: "..." + std::string&& trips GCC 12's false -Wrestrict
        if (!out.empty()) out += ' ';
        out += prefix;
        out += std::to_string(a);
    }
    return out;
}

[[maybe_unused]] std::string capability(int cc) { return std::to_string(cc / 10) + "." + std::to_string(cc % 10); }

}  // namespace

const BuiltGpuCode& builtGpuCode() {
    static const BuiltGpuCode built{parseList(RACELAB_CUDA_SASS), parseList(RACELAB_CUDA_PTX), RACELAB_CUDA_TOOLKIT};
    return built;
}

std::string describeBuiltGpuCode(const BuiltGpuCode& built) {
    if (built.toolkit.empty()) return "no GPU code (this build has no CUDA backend)";
    if (built.sass.empty() && built.ptx.empty()) return "GPU code for the architectures CMake resolved (CUDA " + built.toolkit + ")";
    std::string out = "SASS " + (built.sass.empty() ? std::string("none") : names("sm_", built.sass));
    if (!built.ptx.empty()) out += " + PTX " + names("compute_", built.ptx);
    return out + " (CUDA " + built.toolkit + ")";
}

KernelImageChoice chooseKernelImage(int cc, const BuiltGpuCode& built) {
    KernelImageChoice choice;
    for (int sm : built.sass)  // ascending: the last match is the newest compatible cubin
        if (sm / 10 == cc / 10 && sm % 10 <= cc % 10)
            choice = {sm == cc ? KernelSource::SassForThisGpu : KernelSource::SassSameMajor, sm};
    if (choice.source != KernelSource::None) return choice;
    for (int compute : built.ptx)
        if (compute <= cc) choice = {KernelSource::JitFromPtx, compute};
    return choice;
}

std::string describeKernelChoice(const KernelImageChoice& choice, int cc) {
    const std::string device = "sm_" + std::to_string(cc);
    switch (choice.source) {
    case KernelSource::SassForThisGpu:
        return "kernels run from SASS sm_" + std::to_string(choice.arch) + " built for it";
    case KernelSource::SassSameMajor:
        return "kernels run from SASS sm_" + std::to_string(choice.arch) + ", compatible with " + device +
               " (same major version)";
    case KernelSource::JitFromPtx:
        return "kernels run from PTX compute_" + std::to_string(choice.arch) + ", JIT-compiled by the driver for " +
               device + " (no SASS for this major version; first start is slower, the driver caches the result)";
    case KernelSource::None:
        break;
    }
    return "no kernel in this binary runs on " + device;
}

#ifdef RACELAB_HAVE_CUDA
std::string describeKernelImage() {
    const BuiltGpuCode& built = builtGpuCode();
    std::string why;
    if (!cudaDeviceAvailable(&why)) return "no CUDA device (" + why + ")";
    int device = 0;
    cudaDeviceProp props{};
    if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&props, device) != cudaSuccess) {
        cudaGetLastError();
        return "the CUDA device cannot be queried; the binary carries " + describeBuiltGpuCode(built);
    }
    const int cc = props.major * 10 + props.minor;
    const std::string head = std::string(props.name) + ", compute capability " + capability(cc) + ": ";
    const KernelImageChoice expected = chooseKernelImage(cc, built);
    // What the driver did, which the list predicts: binaryVersion is the cubin's architecture when a
    // cubin of the binary was loaded, and the device's own when the driver JIT-compiled PTX (ptxVersion
    // then names the PTX). So a binaryVersion that is one of our SASS architectures means SASS, any other
    // means JIT. Where the build did not record its list, the runtime's answer is all there is.
    const LoadedKernelImage loaded = loadedKernelImage();
    if (!loaded.loaded)
        return head + "no kernel image of this binary runs on it (" + loaded.error + "); it carries " +
               describeBuiltGpuCode(built) + "; rebuild with -DRACELAB_CUDA_ARCHITECTURES=" + std::to_string(cc);
    KernelImageChoice actual;
    const bool sass = std::find(built.sass.begin(), built.sass.end(), loaded.binaryVersion) != built.sass.end();
    if (built.sass.empty() && built.ptx.empty())
        return head + "kernels run from machine code for sm_" + std::to_string(loaded.binaryVersion) + " (from compute_" +
               std::to_string(loaded.ptxVersion) + ")";
    if (sass)
        actual = {loaded.binaryVersion == cc ? KernelSource::SassForThisGpu : KernelSource::SassSameMajor,
                  loaded.binaryVersion};
    else
        actual = {KernelSource::JitFromPtx, loaded.ptxVersion};
    std::string out = head + describeKernelChoice(actual, cc);
    if (actual.source != expected.source || actual.arch != expected.arch)
        out += " (the architecture list predicted: " + describeKernelChoice(expected, cc) + ")";
    return out;
}
std::string describeGpuCodeForRun() {
    return cudaDeviceAvailable() ? describeKernelImage() : "no CUDA device; the binary carries " + describeBuiltGpuCode(builtGpuCode());
}
#else
std::string describeKernelImage() { return "no CUDA device (this build has no CUDA backend)"; }
std::string describeGpuCodeForRun() { return describeBuiltGpuCode(builtGpuCode()); }
#endif

}  // namespace racelab
