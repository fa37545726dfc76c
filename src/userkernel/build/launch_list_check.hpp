// Mistakes in a launch-list file that NVRTC accepts, or reports only in a flood about other files, caught
// around the compile (kernel_compiler.cpp) with a message at the user's own line that says what to do:
//   - before it: thrust included. thrust is called from host code, and a launch-list file has none (racelab
//     makes the launches); NVRTC's own errors point into thrust's headers and suggest a flag that does not help.
//   - after it, from the tables the cubin initialises: a launch (or setup launch) that names a function that is
//     no kernel (a __device__ function's address has a kernel's pointer type, so the launch macros take it),
//     or an argument that names a pointer the scratch list does not hold; what the worker would refuse on
//     loading, said right after the compile, without a GPU.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "userkernel/build/compile_diagnostics.hpp"

namespace racelab::userkernel {

// An error at each `#include` of a thrust header in `files` (the kernel file and its local headers).
std::vector<Diagnostic> thrustIncludes(const std::vector<std::string>& files);

// An error at the launch's line for each such mistake in the compiled tables of `cubin`; none when the cubin
// cannot be read (the worker's checks at load time still hold).
std::vector<Diagnostic> launchTableMistakes(const std::string& sourcePath, const std::string& source,
                                           const std::vector<std::uint8_t>& cubin);

}  // namespace racelab::userkernel
