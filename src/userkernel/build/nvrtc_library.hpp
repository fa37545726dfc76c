// NVRTC, the CUDA runtime compiler, opened at run time (core/toolkit_library.hpp) by the soname of the toolkit
// racelab was built with, so racelab starts and runs everything but user kernels where it is missing. It runs
// on the host only: compiling needs no GPU and cannot harm a CUDA context.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace racelab::userkernel {

// The entry points racelab uses, declared here by their C signatures (nvrtc.h is not needed to build).
struct NvrtcApi {
    using Program = struct NvrtcProgramOpaque*;
    int (*createProgram)(Program*, const char* source, const char* name, int headers, const char* const* contents,
                         const char* const* includeNames) = nullptr;
    int (*compileProgram)(Program, int options, const char* const* values) = nullptr;
    int (*getProgramLogSize)(Program, std::size_t*) = nullptr;
    int (*getProgramLog)(Program, char*) = nullptr;
    int (*getCUBINSize)(Program, std::size_t*) = nullptr;
    int (*getCUBIN)(Program, char*) = nullptr;
    int (*getPTXSize)(Program, std::size_t*) = nullptr;  // an instrumented build's (ptx_instrument.hpp)
    int (*getPTX)(Program, char*) = nullptr;
    int (*destroyProgram)(Program*) = nullptr;
    int (*version)(int* major, int* minor) = nullptr;
    const char* (*getErrorString)(int) = nullptr;
    int major = 0, minor = 0;
    std::string path;   // where it was opened from ("" through the loader's search)
    std::string error;  // set when NVRTC is not usable: what is missing and how to get it
    bool usable() const { return error.empty(); }
    bool supportsAutomaticPch() const { return major > 12 || (major == 12 && minor >= 8); }
};

// Opened once per process.
const NvrtcApi& nvrtc();
// The sonames tried, e.g. "libnvrtc.so.13" (CUDA 13.0).
std::string nvrtcLibraryName();

}  // namespace racelab::userkernel
