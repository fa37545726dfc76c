// What the CPU tests that compile user kernels share: a skip where this machine has no NVRTC (racelab says how
// to get it), and writing a kernel file to compile.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

#include "userkernel/nvrtc_library.hpp"

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

}  // namespace racelab::testing
