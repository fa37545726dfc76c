// Mistakes in a launch-list file that NVRTC accepts, or reports only in a flood about other files, caught
// around the compile (kernel_compiler.cpp) with a message at the user's own line that says what to do:
//   - before it: thrust included. thrust is called from host code, and a launch-list file has none (racelab
//     makes the launches); NVRTC's own errors point into thrust's headers and suggest a flag that does not help.
//   - after it: the launch list names a function that is no kernel. A __device__ function's address has a
//     kernel's pointer type, so the launch macros take it, and until now the worker refused it only on loading.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "userkernel/compile_diagnostics.hpp"

namespace racelab::userkernel {

// An error at each `#include` of a thrust header in `files` (the kernel file and its local headers).
std::vector<Diagnostic> thrustIncludes(const std::vector<std::string>& files);

// An error at the launch list's line for each name in the compiled table that is no kernel of `cubin`;
// none when the cubin cannot be read (the worker's check at load time still holds).
std::vector<Diagnostic> launchesOfNoKernel(const std::string& sourcePath, const std::string& source,
                                           const std::vector<std::uint8_t>& cubin);

}  // namespace racelab::userkernel
