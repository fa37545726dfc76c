// What the CPU tests that compile user kernels share: a skip where this machine has no NVRTC (racelab says how
// to get it), and writing a kernel file to compile.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

#include "userkernel/build/kernel_compiler.hpp"
#include "userkernel/build/nvrtc_library.hpp"

// NVRTC is part of the CUDA toolkit; a machine without it skips.
#define REQUIRE_NVRTC()                                      \
    if (!::racelab::userkernel::nvrtc().usable())            \
    GTEST_SKIP() << "no NVRTC here: " << ::racelab::userkernel::nvrtc().error

namespace racelab::testing {

// Writes `text` to `path` and returns the path, for a compile.
inline std::string writeTestFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
    return path.string();
}

// The launch-list file `path` compiled with NVRTC for `arch` (Turing: the lowest racelab carries), through
// the cache folder `cache` ("" for none).
inline userkernel::KernelBuild compileForTest(const std::string& path, const std::string& arch = "sm_75",
                                              const std::string& cache = "") {
    return userkernel::compileKernel({path, arch, {}}, userkernel::KernelCache(cache));
}

}  // namespace racelab::testing
