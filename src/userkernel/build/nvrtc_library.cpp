#include "userkernel/build/nvrtc_library.hpp"

#include "core/toolkit_library.hpp"

// Set by CMake (cmake/ToolkitSonames.cmake) when the build has a CUDA toolkit: NVRTC's soname there. Without a
// toolkit the sonames of the majors this source supports are tried.
#ifndef RACELAB_NVRTC_SONAME
#define RACELAB_NVRTC_SONAME ""
#endif

namespace racelab::userkernel {
namespace {

std::vector<std::string> sonames() {
    const std::string built = RACELAB_NVRTC_SONAME;
    if (!built.empty()) return {built};
    return {"libnvrtc.so.13", "libnvrtc.so.12"};
}

}  // namespace

std::string nvrtcLibraryName() {
    std::string names;
    for (const std::string& s : sonames()) names += (names.empty() ? "" : " or ") + s;
    return names + " (CUDA " + cudaToolkitVersion() + ")";
}

const NvrtcApi& nvrtc() {
    static const NvrtcApi api = [] {
        NvrtcApi a;
        std::vector<std::string> folders{cudaToolkitLibraryFolder(), "/usr/local/cuda/lib64"};
        for (const std::string& wheel : pythonWheelFolders({"nvidia/cu13/lib", "nvidia/cuda_nvrtc/lib"}))
            folders.push_back(wheel);
        const ToolkitLibrary library = openToolkitLibrary(sonames(), folders);
        if (!library.handle) {
            a.error = "NVRTC " + nvrtcLibraryName() + " not found (" + library.error +
                      "): install the CUDA toolkit's NVRTC (the package cuda-nvrtc-13-0 of NVIDIA's CUDA repository, "
                      "or the whole toolkit) or the Python wheel nvidia-cuda-nvrtc (pip install nvidia-cuda-nvrtc), "
                      "or add its folder to LD_LIBRARY_PATH";
            return a;
        }
        a.path = library.path;
        void* h = library.handle;
        auto bind = [h](const char* name, auto& into) { return bindToolkitSymbol(h, name, into); };
        const bool all = bind("nvrtcCreateProgram", a.createProgram) && bind("nvrtcCompileProgram", a.compileProgram) &&
                         bind("nvrtcGetProgramLogSize", a.getProgramLogSize) && bind("nvrtcGetProgramLog", a.getProgramLog) &&
                         bind("nvrtcGetCUBINSize", a.getCUBINSize) && bind("nvrtcGetCUBIN", a.getCUBIN) &&
                         bind("nvrtcGetPTXSize", a.getPTXSize) && bind("nvrtcGetPTX", a.getPTX) &&
                         bind("nvrtcDestroyProgram", a.destroyProgram) && bind("nvrtcVersion", a.version) &&
                         bind("nvrtcGetErrorString", a.getErrorString);
        if (!all) {
            a.error = "NVRTC " + nvrtcLibraryName() + " lacks the expected entry points";
            return a;
        }
        a.version(&a.major, &a.minor);
        return a;
    }();
    return api;
}

}  // namespace racelab::userkernel
